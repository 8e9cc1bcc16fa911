// Generated from the service's /openapi.json by libs/sdk/scripts/generate-types.mjs (npm run sdk:types).
// Do not edit: CI fails when this file and the served document differ.
export interface paths {
    "/api/core/api-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an API key
         * @description The full key is answered only here. A key cannot create a stronger one.
         */
        post: operations["ApiKeys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/api-key/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key (effective on the next request); another's needs admin */
        delete: operations["ApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/api-key/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (masked): everyone's for admins and owners, one's own below */
        get: operations["ApiKeys_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/audit/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log, newest first
         * @description Sign-ins, keys, members and webhooks: who (account, key), when, from which address, on what.
         */
        get: operations["Audit_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/auth/accept-invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation: creates the account with the invited email and role, and signs in
         * @description The token works once and for 7 days, while its inviter may still grant the role (404 otherwise). Limited per client address like sign-up (429).
         */
        post: operations["Auth_acceptInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Sets the session cookie. A wrong email or password answers the same 401. Attempts are counted before the password is checked: past LOGIN_MAX_FAILURES per email (4x per client address) in a window, 429 with Retry-After, however many arrive at once.
         */
        post: operations["Auth_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: ends the session and clears its cookie */
        post: operations["Auth_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person, their workspace and the CSRF token of the session */
        get: operations["Auth_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the signed-in person's password
         * @description Ends every session of theirs (other browsers sign in again) and answers a fresh one for this one. Wrong current passwords are throttled like sign-in (429 with Retry-After).
         */
        post: operations["Auth_changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a workspace and its owner, and sign in
         * @description Off when SIGNUP_ENABLED=false (403). Passwords have at least 12 characters. SIGNUP_MAX_PER_ADDRESS sign-ups and invitation acceptances per client address per window, then 429 with Retry-After.
         */
        post: operations["Auth_signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/backlog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What waits in the queues for this workspace: calls to dial, webhook deliveries pending or failed
         * @description Counted from the rows, so a Redis flush changes nothing here. Role: viewer.
         */
        get: operations["Backlog_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/dnc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a number to the do-not-call list
         * @description 201 when added, 200 with the existing entry when it was listed already. Role: admin.
         */
        post: operations["Dnc_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/dnc/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a number from the do-not-call list
         * @description The number in international format, URL-encoded (%2B14155552671). Role: admin.
         */
        delete: operations["Dnc_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/dnc/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The do-not-call list, newest first */
        get: operations["Dnc_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/event/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The catch-up feed: events in order
         * @description Page with after=<last eventId> until the list is empty (spec 6.4.6). Events appear one second after they occur.
         */
        get: operations["Events_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/event/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The live feed: Server-Sent Events of the workspace's call events
         * @description Each message has id = eventId, event = the event name and data = the object /event/list lists. Reconnect with Last-Event-ID (EventSource does) to resume after the last event received: none is missed or repeated. Without it the stream starts now (or after `after`). Filters callId and type; a comment line every 15 s keeps proxies from closing it. Events appear one second after they occur, as in /event/list. The stream ends within 2 s of its key being revoked or its session ending; one key or session holds at most EVENT_STREAMS_PER_CREDENTIAL (default 10) open streams, the next answers 429.
         */
        get: operations["Events_stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/member/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member: their sessions end and their keys stop working at once */
        delete: operations["Members_remove"];
        options?: never;
        head?: never;
        /** Change a member's role (their keys follow at once) */
        patch: operations["Members_changeRole"];
        trace?: never;
    };
    "/api/core/member/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a person
         * @description Answers a one-time token and link, shown only here (no mail server is assumed). Valid 7 days.
         */
        post: operations["Members_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/member/invite/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation: its link stops working
         * @description Role: admin.
         */
        delete: operations["Members_revokeInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/member/invite/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending invitations (not accepted, revoked or expired)
         * @description An invitation also ends when its inviter is removed or can no longer grant its role. Role: admin.
         */
        get: operations["Members_invites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/member/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the people of the workspace */
        get: operations["Members_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/agent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an assistant
         * @description Role: admin.
         */
        post: operations["Assistants_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/agent/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one assistant's configuration (spec 4.5) */
        get: operations["Assistants_get"];
        put?: never;
        post?: never;
        /**
         * Delete an assistant
         * @description 409 while a call on it is live. Role: admin.
         */
        delete: operations["Assistants_remove"];
        options?: never;
        head?: never;
        /**
         * Update an assistant
         * @description Any subset of the fields. Role: admin.
         */
        patch: operations["Assistants_update"];
        trace?: never;
    };
    "/api/core/voice/agent/call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an outbound call (spec 4.1)
         * @description Answers at once with status ringing; follow the call with webhooks, the event feed or GET /voice/call/{callId}. Role: member.
         */
        post: operations["Calls_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/agent/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account's assistants (spec 4.4) */
        get: operations["Assistants_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/call/{callId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Look up a call (spec 4.2) */
        get: operations["Calls_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/call/{callId}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hang up a live call
         * @description The call completes with endedReason api-ended-call. Role: member.
         */
        post: operations["Calls_end"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/call/{callId}/recording": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A finished call's recording (audio/wav)
         * @description Supports a single byte Range (206). 409 until recordingReady (recording.ready); 410 once the workspace's retention removed it.
         */
        get: operations["CallMedia_recording"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/call/{callId}/transcript": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A finished call's transcript
         * @description 409 until transcriptReady (transcript.ready); 410 once the workspace's retention removed it.
         */
        get: operations["CallMedia_transcript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/call/{callId}/transcript/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What has been said so far in a call, turn by turn (README "Live transcript")
         * @description The turns said or heard so far, each once it is over, with an answer's latency on SIP and web calls; ask again while status is ringing or in-progress (the console asks once a second). Kept for 2 h after the last turn; the lasting record is GET …/transcript once transcriptReady.
         */
        get: operations["CallMedia_liveTranscript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/call/{callId}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer a connected call (blind)
         * @description The far end is sent to `to` (SIP REFER on calls over a trunk); call.transferred tells the outcome, and the call completes with endedReason transferred. 409 unless the call is in progress. Role: member.
         */
        post: operations["Calls_transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/call/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List calls, newest first (spec 4.3) */
        get: operations["Calls_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/campaign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a campaign
         * @description Up to 10,000 recipients. Any bad row refuses the whole request with a 422 naming the rows (first 100) and nothing is created; numbers given twice are collapsed and listed in duplicates. Role: member.
         */
        post: operations["Campaigns_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/campaign/{campaignId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a campaign with its recipients counted by outcome */
        get: operations["Campaigns_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/campaign/{campaignId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel: recipients not dialled yet end cancelled (live calls finish)
         * @description Role: member.
         */
        post: operations["Campaigns_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/campaign/{campaignId}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause: no new dials (live calls finish)
         * @description Role: member.
         */
        post: operations["Campaigns_pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/campaign/{campaignId}/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A campaign's recipients with their outcome, attempts and callIds */
        get: operations["Campaigns_recipients"];
        put?: never;
        /**
         * Add recipients while the campaign is not finished
         * @description JSON {recipients: [...]} or text/csv: a header row with `to`, optionally `timezone`; other columns become metadata; recipients[i] in a 422 is data row i + 1. Role: member.
         */
        post: operations["Campaigns_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/campaign/{campaignId}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused campaign
         * @description Role: member.
         */
        post: operations["Campaigns_resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/campaign/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List campaigns, newest first */
        get: operations["Campaigns_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/concurrency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's live-call limit and its live calls
         * @description live counts calls ringing or in progress, from the call rows. Role: viewer.
         */
        get: operations["Calls_concurrency"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Provision or import a number
         * @description With number: import a number you hold at your carrier. Without: the telephony provider provisions one (country, areaCode). 409 when a workspace already holds it. Answers the assistant-request signing secret once. Role: admin.
         */
        post: operations["Numbers_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/number/{numberId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a number */
        get: operations["Numbers_get"];
        put?: never;
        post?: never;
        /**
         * Release a number
         * @description Calls under way on it go on; it stops receiving calls and can be provisioned again. Role: admin.
         */
        delete: operations["Numbers_release"];
        options?: never;
        head?: never;
        /**
         * Update a number
         * @description Label, assistant, assistantRequestUrl, default caller ID, secret rotation. Role: admin.
         */
        patch: operations["Numbers_update"];
        trace?: never;
    };
    "/api/core/voice/number/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace's numbers, newest first */
        get: operations["Numbers_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How calls go over the last days: volume, outcomes, durations, latency, failed deliveries
         * @description Days are UTC calendar days ending today; calls count on the day they were created, with their status now. Computed from the rows on each request. Role: viewer.
         */
        get: operations["Calls_overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/simulator/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ring one of your numbers (testing aid)
         * @description The simulated carrier places a call from `from` to your number `to`: an inbound call that the number's assistant answers (README "Inbound calls"; the caller table under "Simulated telephony"). Only while the simulator is the telephony provider (404 otherwise). 404 for a number the workspace does not hold. Role: member.
         */
        post: operations["Simulator_ring"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/trunk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a SIP trunk
         * @description Passwords are never returned. Role: admin.
         */
        post: operations["Trunks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/trunk/{trunkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a SIP trunk
         * @description Role: admin.
         */
        get: operations["Trunks_get"];
        put?: never;
        post?: never;
        /**
         * Delete a SIP trunk
         * @description Refused (409) while numbers are carried by it: release them or move them first. Role: admin.
         */
        delete: operations["Trunks_remove"];
        options?: never;
        head?: never;
        /**
         * Change a SIP trunk
         * @description Any subset of the fields; null clears a credential. Role: admin.
         */
        patch: operations["Trunks_update"];
        trace?: never;
    };
    "/api/core/voice/trunk/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's SIP trunks, newest first
         * @description Role: admin.
         */
        get: operations["Trunks_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/voice/web-call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Talk to an assistant from a browser or any client: a WebSocket (README "Web calls")
         * @description Upgrade to a WebSocket. Binary frames both ways are RTP packets of 20 ms PCMU (G.711 µ-law, 8 kHz, payload type 0); text frames from the service are JSON: {"type":"ringing"|"answered","callId"} and {"type":"ended","callId","reason"}. The call is a call like any other, direction web: events, webhooks, transcript and recording. Closing the socket hangs up (customer-ended-call). Authenticated as every route (an API key, or a session cookie from this origin); role: member. Refusals answer the upgrade: 400 without agentId, 403, 404 for an unknown assistant, 429 at the live-call limit. Without an upgrade: 426.
         */
        get: operations["WebCalls_webCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a webhook (spec 4.6)
         * @description Answers the signing secret once. Role: admin.
         */
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/webhook/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook */
        get: operations["Webhooks_get"];
        put?: never;
        post?: never;
        /** Remove a webhook */
        delete: operations["Webhooks_remove"];
        options?: never;
        head?: never;
        /**
         * Update a webhook
         * @description The updating key becomes the one deliveries carry; enabling resumes pending deliveries.
         */
        patch: operations["Webhooks_update"];
        trace?: never;
    };
    "/api/core/webhook/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook's delivery log, newest first */
        get: operations["Webhooks_listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/webhook/{webhookId}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with its payload and attempts */
        get: operations["Webhooks_getDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/webhook/{webhookId}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again (same deliveryId) */
        post: operations["Webhooks_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/webhook/{webhookId}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-queue every failed delivery created since a time */
        post: operations["Webhooks_recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/webhook/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event now and answer with the outcome */
        post: operations["Webhooks_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/core/webhook/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks */
        get: operations["Webhooks_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["Ops_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: PostgreSQL and Redis answer */
        get: operations["Ops_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * MCP over Streamable HTTP (JSON-RPC)
         * @description Tools: list_assistants, get_assistant, start_call, get_call, list_calls, end_call, get_transcript. See README "MCP".
         */
        post: operations["Mcp_handle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics */
        get: operations["Ops_scrape"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "analysis.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** analysis.ready delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["AnalysisReadyData"];
                        deliveryId: string;
                        /** @constant */
                        event: "analysis.ready";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** call.completed delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["CallCompletedData"];
                        deliveryId: string;
                        /** @constant */
                        event: "call.completed";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.connected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** call.connected delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["CallConnectedData"];
                        deliveryId: string;
                        /** @constant */
                        event: "call.connected";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** call.failed delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["CallFailedData"];
                        deliveryId: string;
                        /** @constant */
                        event: "call.failed";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** call.started delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["CallStartedData"];
                        deliveryId: string;
                        /** @constant */
                        event: "call.started";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.transferred": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** call.transferred delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["CallTransferredData"];
                        deliveryId: string;
                        /** @constant */
                        event: "call.transferred";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** campaign.completed delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["CampaignEventData"];
                        deliveryId: string;
                        /** @constant */
                        event: "campaign.completed";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.paused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** campaign.paused delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["CampaignEventData"];
                        deliveryId: string;
                        /** @constant */
                        event: "campaign.paused";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** campaign.started delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["CampaignEventData"];
                        deliveryId: string;
                        /** @constant */
                        event: "campaign.started";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recording.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** recording.ready delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["RecordingReadyData"];
                        deliveryId: string;
                        /** @constant */
                        event: "recording.ready";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transcript.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** transcript.ready delivered to your webhook */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Bearer <the API key that registered or last updated the webhook> */
                    Authorization: string;
                    /** @description The deliveryId */
                    "webhook-id": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret> (Standard Webhooks) */
                    "webhook-signature": string;
                    /** @description Unix seconds */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data: components["schemas"]["TranscriptReadyData"];
                        deliveryId: string;
                        /** @constant */
                        event: "transcript.ready";
                        /** Format: date-time */
                        occurredAt: string;
                    };
                };
            };
            responses: {
                /** @description Received; any other answer (or none within the timeout) is retried with backoff. 410 disables the webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AcceptInviteDto: {
            /** @example Grace Hopper */
            name: string;
            password: string;
            /** @description The token of the invitation */
            token: string;
        };
        AddDncDto: {
            /**
             * @description Number never to call (international format; stored as E.164)
             * @example +14155552671
             */
            number: string;
            /** @example Asked not to be called */
            reason?: string | null;
        };
        AddRecipientsDto: {
            /** @description Up to 10,000 rows; bad rows refuse the whole request (422 naming them) */
            recipients: {
                metadata?: {
                    [key: string]: unknown;
                };
                /** @example America/New_York */
                timezone?: string;
                /** @example +14155552671 */
                to: string;
            }[];
        };
        /** @description The post-call analysis is stored (assistants with a model brain and an analysis setting) */
        AnalysisReadyData: {
            /** @description null only on an inbound call no assistant answered (endedReason rejected, assistant-request-failed) */
            agentId: string | null;
            analysis: components["schemas"]["CallAnalysis"];
            callId: string;
            /** @description The campaign that placed the call; null for other calls */
            campaignId: string | null;
            /** @enum {string} */
            direction: "outbound" | "inbound" | "web";
            /** @description Caller ID (E.164); null on an outbound call from a workspace without numbers */
            from: string | null;
            /** @description Echo of the metadata given when the call was started */
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @description Per-call order of events, from 1 with call.started */
            sequence: number;
            /** @description The number called (E.164) */
            to: string;
        };
        AnalysisSetting: {
            /** @description A JSON Schema (type object) the call's structured data follows; null: none */
            structuredDataSchema: {
                [key: string]: unknown;
            } | null;
            /** @description What makes the call a success, judged true or false with a reason; null: not judged */
            successCriteria: string | null;
            /** @description Write a short summary of the call (default true) */
            summary: boolean;
        };
        ApiKeyCreated: {
            /** Format: date-time */
            createdAt: string;
            /** @description The account the key belongs to: a person (with an email) or a service identity */
            createdBy: {
                accountId: string;
                email: string | null;
                name: string;
            };
            /** @description The full key, shown only here */
            key: string;
            keyId: string;
            lastUsedAt: string | null;
            name: string;
            /** @example vk_…a1B2 */
            preview: string;
            /**
             * @description api: a key to call the API; webhook: made by the console for a webhook's deliveries (their Bearer key, a viewer key of the person who registered it), listed apart
             * @enum {string}
             */
            purpose: "api" | "webhook";
            revokedAt: string | null;
            /** @enum {string} */
            role: "viewer" | "member" | "admin" | "owner";
        };
        ApiKeyList: {
            list: components["schemas"]["ApiKeyRecord"][];
            total: number;
        };
        ApiKeyRecord: {
            /** Format: date-time */
            createdAt: string;
            /** @description The account the key belongs to: a person (with an email) or a service identity */
            createdBy: {
                accountId: string;
                email: string | null;
                name: string;
            };
            keyId: string;
            lastUsedAt: string | null;
            name: string;
            /** @example vk_…a1B2 */
            preview: string;
            /**
             * @description api: a key to call the API; webhook: made by the console for a webhook's deliveries (their Bearer key, a viewer key of the person who registered it), listed apart
             * @enum {string}
             */
            purpose: "api" | "webhook";
            revokedAt: string | null;
            /** @enum {string} */
            role: "viewer" | "member" | "admin" | "owner";
        };
        AssistantList: {
            list: components["schemas"]["AssistantRecord"][];
            total: number;
        };
        AssistantRecord: {
            agentId: string;
            /** @description Post-call analysis by the model brain; null: none */
            analysis: components["schemas"]["AnalysisSetting"] | null;
            /** @description Who decides what it says; null: the script */
            brain: components["schemas"]["BrainSetting"] | null;
            /** Format: date-time */
            createdAt: string;
            firstMessage: string | null;
            /** @example en */
            language: string;
            listening: components["schemas"]["ListeningSetting"] | null;
            maxDurationSec: number;
            name: string;
            script: components["schemas"]["ScriptStep"][];
            systemPrompt: string | null;
            tools: components["schemas"]["McpToolServer"][];
            /** @description A hosted streaming recogniser; null: offline pocketsphinx */
            transcriber: components["schemas"]["TranscriberSetting"] | null;
            /** Format: date-time */
            updatedAt: string;
            voice: string | null;
            voicemail: components["schemas"]["VoicemailSetting"] | null;
        };
        AuditList: {
            list: components["schemas"]["AuditRecord"][];
            total: number;
        };
        AuditRecord: {
            /** @enum {string} */
            action: "login.succeeded" | "login.failed" | "password.changed" | "key.created" | "key.revoked" | "member.invited" | "member.invite_revoked" | "member.joined" | "member.role_changed" | "member.removed" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "number.added" | "number.updated" | "number.released" | "dnc.added" | "dnc.removed" | "trunk.created" | "trunk.updated" | "trunk.deleted";
            actor: {
                accountId: string | null;
                clientIp: string | null;
                /** @description The key used; null when signed in with a session */
                keyId: string | null;
            };
            /** Format: date-time */
            at: string;
            auditId: string;
            details: {
                [key: string]: unknown;
            } | null;
            target: {
                id: string;
                type: string;
            } | null;
        };
        BrainSetting: {
            /** @description openai: sent as a Bearer token; stored encrypted, shown masked */
            apiKey?: string;
            /** @description openai: the API base URL, e.g. https://api.openai.com/v1 */
            baseUrl?: string;
            /** @description Said when the brain fails or is too slow; the call then ends as brain-failed */
            fallbackLine?: string;
            maxTokens?: number;
            /** @description openai: the model name */
            model?: string;
            /** @description server: signs each request (X-Signature, as webhooks); shown masked */
            secret?: string;
            temperature?: number;
            /** @description The longest wait for the brain's first words of an answer (default 5000) */
            timeoutMs?: number;
            /**
             * @description script: the steps; server: your own server; openai: any OpenAI-compatible chat-completions API
             * @enum {string}
             */
            type: "script" | "server" | "openai";
            /** @description server: the URL POSTed the conversation; it answers actions as NDJSON */
            url?: string;
        };
        CallAnalysis: {
            /** Format: date-time */
            analysedAt: string;
            /** @description Why (part of) the analysis is missing: the model failed, or its data did not match */
            error: string | null;
            model: string;
            /** @description The data the assistant's structuredDataSchema asks for (null: none asked, or it did not match) */
            structuredData: {
                [key: string]: unknown;
            } | null;
            /** @description Whether the call met the assistant's successCriteria (null: not judged) */
            success: boolean | null;
            successReason: string | null;
            /** @description A few sentences on what the call was about and how it went */
            summary: string | null;
        };
        /** @description The call finished normally */
        CallCompletedData: {
            /** @description null only on an inbound call no assistant answered (endedReason rejected, assistant-request-failed) */
            agentId: string | null;
            /** @description Who picked up, when the assistant detects voicemail; null otherwise */
            answeredBy: ("human" | "machine" | "unknown") | null;
            callId: string;
            /** @description The campaign that placed the call; null for other calls */
            campaignId: string | null;
            /** @enum {string} */
            direction: "outbound" | "inbound" | "web";
            durationSec: number;
            /** @enum {string} */
            endedReason: "customer-ended-call" | "assistant-ended-call" | "api-ended-call" | "max-duration-reached" | "no-answer" | "busy" | "unreachable" | "carrier-error" | "voicemail" | "rejected" | "assistant-request-failed" | "no-assistant" | "declined" | "invalid-number" | "sip-auth-failed" | "media-timeout" | "engine-lost" | "transferred" | "brain-failed";
            /** @description Caller ID (E.164); null on an outbound call from a workspace without numbers */
            from: string | null;
            language: string;
            /** @description Echo of the metadata given when the call was started */
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @description Per-call order of events, from 1 with call.started */
            sequence: number;
            /** @description The number called (E.164) */
            to: string;
        };
        /** @description The call connected and audio began */
        CallConnectedData: {
            /** @description null only on an inbound call no assistant answered (endedReason rejected, assistant-request-failed) */
            agentId: string | null;
            callId: string;
            /** @description The campaign that placed the call; null for other calls */
            campaignId: string | null;
            /** Format: date-time */
            connectedAt: string;
            /** @enum {string} */
            direction: "outbound" | "inbound" | "web";
            /** @description Caller ID (E.164); null on an outbound call from a workspace without numbers */
            from: string | null;
            /** @description Echo of the metadata given when the call was started */
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @description Per-call order of events, from 1 with call.started */
            sequence: number;
            /** @description The number called (E.164) */
            to: string;
        };
        /** @description The call could not connect (no-answer, busy, unreachable) or errored */
        CallFailedData: {
            /** @description null only on an inbound call no assistant answered (endedReason rejected, assistant-request-failed) */
            agentId: string | null;
            callId: string;
            /** @description The campaign that placed the call; null for other calls */
            campaignId: string | null;
            /** @enum {string} */
            direction: "outbound" | "inbound" | "web";
            durationSec: number;
            /** @enum {string} */
            endedReason: "customer-ended-call" | "assistant-ended-call" | "api-ended-call" | "max-duration-reached" | "no-answer" | "busy" | "unreachable" | "carrier-error" | "voicemail" | "rejected" | "assistant-request-failed" | "no-assistant" | "declined" | "invalid-number" | "sip-auth-failed" | "media-timeout" | "engine-lost" | "transferred" | "brain-failed";
            /** @description Caller ID (E.164); null on an outbound call from a workspace without numbers */
            from: string | null;
            /** @description Echo of the metadata given when the call was started */
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @description Per-call order of events, from 1 with call.started */
            sequence: number;
            /** @enum {string} */
            stage: "ringing" | "in-progress";
            /** @description The number called (E.164) */
            to: string;
        };
        CallList: {
            list: components["schemas"]["CallRecord"][];
            total: number;
        };
        CallRecord: {
            /** @description null while an inbound call waits for its assistant to be chosen, or when none could be */
            agentId: string | null;
            /** @description Post-call analysis, once done (assistants with a model brain) */
            analysis: components["schemas"]["CallAnalysis"] | null;
            /** @description human or machine once connected, when the assistant detects voicemail; null otherwise */
            answeredBy: ("human" | "machine" | "unknown") | null;
            /** @example call_01j9z8x7c6v5b4n3m2k1h0g9f8 */
            callId: string;
            /** @description The campaign that placed the call */
            campaignId: string | null;
            connectedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            direction: "outbound" | "inbound" | "web";
            durationSec: number | null;
            endedAt: string | null;
            endedReason: ("customer-ended-call" | "assistant-ended-call" | "api-ended-call" | "max-duration-reached" | "no-answer" | "busy" | "unreachable" | "carrier-error" | "voicemail" | "rejected" | "assistant-request-failed" | "no-assistant" | "declined" | "invalid-number" | "sip-auth-failed" | "media-timeout" | "engine-lost" | "transferred" | "brain-failed") | null;
            /**
             * @description Caller ID: your number on outbound calls (null without one), the caller on inbound calls
             * @example +14155550100
             */
            from: string | null;
            /** @example en */
            language: string;
            /** @description When the workspace's retention removed the transcript and recording; the call stays */
            mediaRemovedAt: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @description Your number the call went out from or came in to */
            numberId: string | null;
            /** @description false again once the retention removed it (mediaRemovedAt) */
            recordingReady: boolean;
            /** @enum {string} */
            status: "ringing" | "in-progress" | "completed" | "failed" | "no-answer";
            /** @example +14155552671 */
            to: string;
            /** @description false again once the retention removed it (mediaRemovedAt) */
            transcriptReady: boolean;
            /** @description Where a transfer was asked for (API or script); endedReason transferred once it is done */
            transferTo: string | null;
            /** @description The SIP trunk the call goes over; null: the simulated carrier */
            trunkId: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A call was placed or received */
        CallStartedData: {
            /** @description null only on an inbound call no assistant answered (endedReason rejected, assistant-request-failed) */
            agentId: string | null;
            callId: string;
            /** @description The campaign that placed the call; null for other calls */
            campaignId: string | null;
            /** @enum {string} */
            direction: "outbound" | "inbound" | "web";
            /** @description Caller ID (E.164); null on an outbound call from a workspace without numbers */
            from: string | null;
            language: string;
            /** @description Echo of the metadata given when the call was started */
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @description Per-call order of events, from 1 with call.started */
            sequence: number;
            /** @description The number called (E.164) */
            to: string;
        };
        /** @description A blind transfer of the connected call was tried: transferred (call.completed with endedReason transferred follows) or failed (the call goes on) */
        CallTransferredData: {
            /** @description null only on an inbound call no assistant answered (endedReason rejected, assistant-request-failed) */
            agentId: string | null;
            callId: string;
            /** @description The campaign that placed the call; null for other calls */
            campaignId: string | null;
            /** @enum {string} */
            direction: "outbound" | "inbound" | "web";
            /** @description Caller ID (E.164); null on an outbound call from a workspace without numbers */
            from: string | null;
            /** @description Echo of the metadata given when the call was started */
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            outcome: "transferred" | "failed";
            /** @description Per-call order of events, from 1 with call.started */
            sequence: number;
            /** @description The far end's answer to our REFER (SIP calls) */
            sipStatus: number | null;
            /** @description The number called (E.164) */
            to: string;
            /** @description Where the far end was sent (E.164) */
            transferTo: string;
        };
        CampaignCreated: {
            agentId: string;
            callsPerMinute: number | null;
            /** @example cmp_01j9z8x7c6v5b4n3m2k1h0g9f8 */
            campaignId: string;
            /** @description Recipients per outcome, every outcome present */
            counts: {
                [key: string]: number;
            };
            /** Format: date-time */
            createdAt: string;
            /** @description Numbers given more than once, collapsed onto their first row */
            duplicates: string[];
            endedAt: string | null;
            from: string | null;
            maxConcurrency: number;
            name: string;
            retry: {
                delaySec: number;
                maxAttempts: number;
                on: ("no-answer" | "busy" | "voicemail")[];
            } | null;
            schedule: {
                startAt: string | null;
                timezone: string;
                window: {
                    days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                    end: string;
                    start: string;
                } | null;
            };
            startedAt: string | null;
            /** @enum {string} */
            status: "scheduled" | "running" | "paused" | "completed" | "cancelled";
            /** @description Recipients */
            total: number;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A campaign started (or resumed), paused, or ended */
        CampaignEventData: {
            campaignId: string;
            /** @description Recipients per outcome at that moment */
            counts: {
                [key: string]: number;
            };
            name: string;
            /** @description campaign.started after a pause */
            resumed?: boolean;
            /** @description Per-campaign order of its events, from 1 */
            sequence: number;
            /** @description The campaign status the event announces (completed or cancelled at the end) */
            status: string;
        };
        CampaignList: {
            list: components["schemas"]["CampaignRecord"][];
            total: number;
        };
        CampaignRecord: {
            agentId: string;
            callsPerMinute: number | null;
            /** @example cmp_01j9z8x7c6v5b4n3m2k1h0g9f8 */
            campaignId: string;
            /** @description Recipients per outcome, every outcome present */
            counts: {
                [key: string]: number;
            };
            /** Format: date-time */
            createdAt: string;
            endedAt: string | null;
            from: string | null;
            maxConcurrency: number;
            name: string;
            retry: {
                delaySec: number;
                maxAttempts: number;
                on: ("no-answer" | "busy" | "voicemail")[];
            } | null;
            schedule: {
                startAt: string | null;
                timezone: string;
                window: {
                    days: ("sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat")[];
                    end: string;
                    start: string;
                } | null;
            };
            startedAt: string | null;
            /** @enum {string} */
            status: "scheduled" | "running" | "paused" | "completed" | "cancelled";
            /** @description Recipients */
            total: number;
            /** Format: date-time */
            updatedAt: string;
        };
        ChangePasswordDto: {
            currentPassword: string;
            newPassword: string;
        };
        ChangeRoleDto: {
            /**
             * @description At most the changer's role
             * @enum {string}
             */
            role: "viewer" | "member" | "admin" | "owner";
        };
        Concurrency: {
            /** @description Calls that may ring or be in progress at once */
            limit: number;
            /** @description Calls ringing or in progress now */
            live: number;
            /** @description Slots campaigns leave free for inbound calls */
            reservedForInbound: number;
        };
        CreateApiKeyDto: {
            /**
             * @description Free text naming the purpose of the key
             * @example CRM integration
             */
            name: string;
            /**
             * @description Role the key acts with: at most the creator's (and never above its account's current role); defaults to the creator's
             * @enum {string}
             */
            role?: "viewer" | "member" | "admin" | "owner";
        };
        CreateAssistantDto: {
            /** @description Post-call analysis by the model brain (README "Post-call analysis"); null: none */
            analysis?: components["schemas"]["AnalysisSetting"] | null;
            /** @description Who decides what the assistant says (README "Brains"); null: its script */
            brain?: components["schemas"]["BrainSetting"] | null;
            /** @description What the assistant says first */
            firstMessage?: string | null;
            /**
             * @description Two-letter language code
             * @default en
             * @example en
             */
            language?: string;
            /** @description Turn-taking on real calls; null: the engine's defaults */
            listening?: components["schemas"]["ListeningSetting"] | null;
            /** @default 600 */
            maxDurationSec?: number;
            /** @example Appointment reminder */
            name: string;
            /** @description Conversation steps the simulator plays */
            script?: components["schemas"]["ScriptStep"][];
            systemPrompt?: string | null;
            /** @description MCP tool servers the script may call */
            tools?: components["schemas"]["McpToolServer"][];
            /** @description A hosted streaming recogniser for real calls (README "Recognition"); null: offline pocketsphinx */
            transcriber?: components["schemas"]["TranscriberSetting"] | null;
            voice?: string | null;
            /** @description Voicemail detection; null turns it off */
            voicemail?: components["schemas"]["VoicemailSetting"] | null;
        };
        CreateCampaignDto: {
            /** @description The assistant that handles every call */
            agentId: string;
            /** @description Calls started per minute at most */
            callsPerMinute?: number;
            /** @description Caller ID: one of the workspace's numbers; default: its default number */
            from?: string;
            /** @default 5 */
            maxConcurrency?: number;
            /** @example November reminders */
            name: string;
            /** @description Up to 10,000 rows; bad rows refuse the whole request (422 naming them) */
            recipients: {
                metadata?: {
                    [key: string]: unknown;
                };
                /** @example America/New_York */
                timezone?: string;
                /** @example +14155552671 */
                to: string;
            }[];
            /** @description {on: ["no-answer","busy","voicemail"], maxAttempts, delaySec} */
            retry?: {
                [key: string]: unknown;
            };
            /** @description {startAt?, timezone? (IANA, default UTC), window?: {days: ["mon",…], start: "09:00", end: "17:00"}}; a window opens at start and closes before end, within one day (end "24:00" is the end of the day) */
            schedule?: {
                [key: string]: unknown;
            };
        };
        CreateNumberDto: {
            /** @description The assistant that answers calls to the number */
            agentId?: string | null;
            /**
             * @description Area code to provision in, where the country has them
             * @example 415
             */
            areaCode?: string;
            /**
             * @description https URL asked for the assistant of each inbound call; null turns it off
             * @example https://example.com/voice/assistant-request
             */
            assistantRequestUrl?: string | null;
            /**
             * @description Country to provision in (ISO 3166 alpha-2)
             * @default US
             * @example US
             */
            country?: string;
            /**
             * @description Your name for the number
             * @example Support line
             */
            label?: string | null;
            /**
             * @description A number you hold at your carrier, to import (E.164); without it one is provisioned
             * @example +14155550100
             */
            number?: string;
            /**
             * @description The SIP trunk that carries an imported number (README "SIP trunks"); calls from it leave through it
             * @example trk_01j9z8x7c6v5b4n3m2k1h0g9f8
             */
            trunkId?: string;
        };
        CreateTrunkDto: {
            /**
             * @description The carrier's SIP gateway: a host name or an address
             * @example example.pstn.twilio.com
             */
            host: string;
            /**
             * @description CIDRs the carrier's INVITEs come from
             * @example [
             *       "54.172.60.0/30"
             *     ]
             */
            inboundCidrs?: string[];
            /** @description Password for inbound challenges (write-only) */
            inboundPassword?: string | null;
            /** @description Digest user we challenge inbound INVITEs with */
            inboundUsername?: string | null;
            /** @example Twilio Elastic SIP Trunking */
            name: string;
            /** @description Digest password (write-only, encrypted at rest) */
            password?: string | null;
            /**
             * @description Port of the gateway
             * @default 5060
             */
            port?: number;
            /**
             * @description TLS is not supported yet
             * @default udp
             * @enum {string}
             */
            transport?: "udp" | "tcp";
            /** @description Digest user for the carrier; null clears */
            username?: string | null;
        };
        CreateWebhookDto: {
            /**
             * @example [
             *       "call.completed",
             *       "call.failed"
             *     ]
             */
            events: ("call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed")[];
            /**
             * @description https URL the service POSTs events to
             * @example https://example.com/hooks/voice
             */
            url: string;
        };
        DeliveryAttemptRecord: {
            durationMs: number;
            errorClass: ("timeout" | "connection-refused" | "connection-reset" | "dns" | "blocked" | "tls" | "http-status" | "redirect" | "network") | null;
            number: number;
            /** @description First 4 KB of the response body */
            responseBody: string | null;
            /** Format: date-time */
            startedAt: string;
            statusCode: number | null;
        };
        DeliveryDetail: {
            attemptCount: number;
            attempts: components["schemas"]["DeliveryAttemptRecord"][];
            /** Format: date-time */
            createdAt: string;
            deliveryId: string;
            /**
             * @description webhook.test: a test send (Send test)
             * @enum {string}
             */
            event: "call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed" | "webhook.test";
            eventId: string;
            lastAttemptAt: string | null;
            lastError: string | null;
            nextAttemptAt: string | null;
            payload: components["schemas"]["WebhookEnvelope"];
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** Format: date-time */
            updatedAt: string;
            webhookId: string;
        };
        DeliveryList: {
            list: components["schemas"]["DeliveryRecord"][];
            total: number;
        };
        DeliveryRecord: {
            attemptCount: number;
            /** Format: date-time */
            createdAt: string;
            deliveryId: string;
            /**
             * @description webhook.test: a test send (Send test)
             * @enum {string}
             */
            event: "call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed" | "webhook.test";
            eventId: string;
            lastAttemptAt: string | null;
            lastError: string | null;
            nextAttemptAt: string | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** Format: date-time */
            updatedAt: string;
            webhookId: string;
        };
        DncList: {
            list: components["schemas"]["DncRecord"][];
            total: number;
        };
        DncRecord: {
            /** Format: date-time */
            createdAt: string;
            /**
             * @description E.164
             * @example +14155552671
             */
            number: string;
            reason: string | null;
        };
        ErrorBody: {
            /**
             * @description Same as the HTTP status
             * @example 422
             */
            code: number;
            /** @example to must be a valid phone number in international format, e.g. +14155552671 */
            message: string;
            /** @description Also in the X-Request-Id header */
            requestId?: string;
        };
        EventList: {
            list: components["schemas"]["EventRecord"][];
            /** @description Events after the cursor matching the filters */
            total: number;
        };
        EventRecord: {
            /** @description null for campaign events */
            callId: string | null;
            data: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            event: "call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed";
            eventId: string;
            /** Format: date-time */
            occurredAt: string;
            /** @description Per call (or per campaign, for campaign events) from 1 */
            sequence: number;
        };
        InviteCreated: {
            email: string;
            /** Format: date-time */
            expiresAt: string;
            inviteId: string;
            /** @description The console page that accepts the invitation */
            inviteUrl: string;
            /** @enum {string} */
            role: "viewer" | "member" | "admin" | "owner";
            /** @description One-time token, shown only here; POST /api/core/auth/accept-invite takes it */
            token: string;
        };
        InviteDto: {
            /** @example grace@example.com */
            email: string;
            /**
             * @description At most the inviter's role
             * @enum {string}
             */
            role: "viewer" | "member" | "admin" | "owner";
        };
        InviteList: {
            list: components["schemas"]["InviteRecord"][];
            total: number;
        };
        InviteRecord: {
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** Format: date-time */
            expiresAt: string;
            /** @description accountId of the admin or owner who invited */
            invitedBy: string;
            inviteId: string;
            /** @enum {string} */
            role: "viewer" | "member" | "admin" | "owner";
        };
        ListeningSetting: {
            /** @description The caller speaking over the assistant stops it (default true; false: it always finishes) */
            bargeIn: boolean | null;
            /** @description How much of the caller's speech stops the assistant (default 100) */
            bargeInSpeechMs: number | null;
            /** @description Silence that ends the caller's turn (default END_OF_TURN_SILENCE_MS, 600) */
            endOfTurnSilenceMs: number | null;
            /** @description A hear step that hears no speech this long moves on (default NO_SPEECH_TIMEOUT_MS, 8000) */
            noSpeechTimeoutMs: number | null;
        };
        LiveTranscript: {
            callId: string;
            /** @enum {string} */
            status: "ringing" | "in-progress" | "completed" | "failed" | "no-answer";
            /** @description The turns said so far, in order; an assistant's turn grows sentence by sentence */
            turns: components["schemas"]["TranscriptTurn"][];
        };
        LoginDto: {
            /** @example ada@example.com */
            email: string;
            /** @example correct horse battery staple */
            password: string;
        };
        McpToolServer: {
            allowedTools?: string[];
            /** @description Sent with every request; shown masked */
            headers?: {
                [key: string]: string;
            };
            name: string;
            timeoutMs?: number;
            /** @constant */
            type: "mcp";
            url: string;
        };
        Me: {
            accountId: string;
            /** @description Send as X-CSRF-Token with every cookie-authenticated write */
            csrfToken: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "viewer" | "member" | "admin" | "owner";
            workspace: {
                name: string;
                workspaceId: string;
            };
        };
        MemberList: {
            list: components["schemas"]["MemberRecord"][];
            total: number;
        };
        MemberRecord: {
            accountId: string;
            /** Format: date-time */
            createdAt: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "viewer" | "member" | "admin" | "owner";
        };
        Overview: {
            calls: {
                /** @description Calls that connected */
                answered: number;
                /** @description answered ÷ calls past ringing (0–1, 3 decimals); null when none is past ringing */
                answerRate: number | null;
                /** @description Calls by their status now */
                byStatus: {
                    completed: number;
                    failed: number;
                    "in-progress": number;
                    "no-answer": number;
                    ringing: number;
                };
                /** @description Calls created in the window */
                total: number;
            };
            deliveries: {
                /** @description Webhook deliveries created in the window that failed */
                failed: number;
            };
            /** @description Of calls that connected and ended; null without any */
            durationSec: {
                /** @description Mean of the ended calls that connected (1 decimal) */
                average: number | null;
                /** @description 95th percentile (nearest rank) */
                p95: number | null;
            };
            /**
             * Format: date-time
             * @description Start of the first day covered (00:00 UTC)
             */
            from: string;
            live: {
                /** @description Calls ringing or in progress now */
                calls: number;
                /** @description The workspace's live-call limit */
                limit: number;
            };
            /** @description Every day of the window, oldest first, days without calls included */
            perDay: {
                /** @description Calls by their status now */
                byStatus: {
                    completed: number;
                    failed: number;
                    "in-progress": number;
                    "no-answer": number;
                    ringing: number;
                };
                /** @example 2026-11-24 */
                date: string;
                total: number;
            }[];
            /**
             * Format: date-time
             * @description End of the last day covered (exclusive: 00:00 UTC tomorrow)
             */
            to: string;
            /** @description From the caller's end of speech to the assistant's first sound, per answer (SIP and web calls) */
            voiceToVoiceMs: {
                p50: number | null;
                p95: number | null;
                /** @description Assistant turns with a measured latency */
                turns: number;
            };
        };
        PhoneNumberCreated: {
            /** @description The assistant that answers calls to this number */
            agentId: string | null;
            /**
             * @description Standard Webhooks secret that signs assistant requests to this number, shown only here
             * @example whsec_…
             */
            assistantRequestSecret: string;
            /** @description When set, asked for the assistant of each inbound call (README "Choosing the assistant per call") */
            assistantRequestUrl: string | null;
            /**
             * @description ISO 3166 alpha-2 country of the number
             * @example US
             */
            country: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Caller ID of outbound calls that name no from */
            default: boolean;
            label: string | null;
            /**
             * @description E.164
             * @example +14155550100
             */
            number: string;
            /** @example num_01j9z8x7c6v5b4n3m2k1h0g9f8 */
            numberId: string;
            /** @enum {string} */
            source: "provisioned" | "imported";
            /** @description The SIP trunk that carries the number; null: the simulated carrier */
            trunkId: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        PhoneNumberList: {
            list: components["schemas"]["PhoneNumberRecord"][];
            total: number;
        };
        PhoneNumberRecord: {
            /** @description The assistant that answers calls to this number */
            agentId: string | null;
            /** @description When set, asked for the assistant of each inbound call (README "Choosing the assistant per call") */
            assistantRequestUrl: string | null;
            /**
             * @description ISO 3166 alpha-2 country of the number
             * @example US
             */
            country: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Caller ID of outbound calls that name no from */
            default: boolean;
            label: string | null;
            /**
             * @description E.164
             * @example +14155550100
             */
            number: string;
            /** @example num_01j9z8x7c6v5b4n3m2k1h0g9f8 */
            numberId: string;
            /** @enum {string} */
            source: "provisioned" | "imported";
            /** @description The SIP trunk that carries the number; null: the simulated carrier */
            trunkId: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        PhoneNumberUpdated: {
            /** @description The assistant that answers calls to this number */
            agentId: string | null;
            /**
             * @description Only after rotateSecret
             * @example whsec_…
             */
            assistantRequestSecret?: string;
            /** @description When set, asked for the assistant of each inbound call (README "Choosing the assistant per call") */
            assistantRequestUrl: string | null;
            /**
             * @description ISO 3166 alpha-2 country of the number
             * @example US
             */
            country: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Caller ID of outbound calls that name no from */
            default: boolean;
            label: string | null;
            /**
             * @description E.164
             * @example +14155550100
             */
            number: string;
            /** @example num_01j9z8x7c6v5b4n3m2k1h0g9f8 */
            numberId: string;
            /** @enum {string} */
            source: "provisioned" | "imported";
            /** @description The SIP trunk that carries the number; null: the simulated carrier */
            trunkId: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        RecipientList: {
            list: components["schemas"]["RecipientRecord"][];
            total: number;
        };
        RecipientRecord: {
            attempts: number;
            callIds: string[];
            metadata: {
                [key: string]: unknown;
            } | null;
            nextAttemptAt: string | null;
            /** @enum {string} */
            outcome: "pending" | "calling" | "completed" | "voicemail" | "no-answer" | "busy" | "failed" | "dnc" | "cancelled";
            recipientId: string;
            timezone: string | null;
            to: string;
            /** Format: date-time */
            updatedAt: string;
        };
        RecipientsAdded: {
            added: number;
            /** @description Numbers given twice or already in the campaign */
            duplicates: string[];
        };
        /** @description The recording is stored */
        RecordingReadyData: {
            /** @description null only on an inbound call no assistant answered (endedReason rejected, assistant-request-failed) */
            agentId: string | null;
            callId: string;
            /** @description The campaign that placed the call; null for other calls */
            campaignId: string | null;
            /** @enum {string} */
            direction: "outbound" | "inbound" | "web";
            durationSec: number;
            /** @description Caller ID (E.164); null on an outbound call from a workspace without numbers */
            from: string | null;
            /** @description Echo of the metadata given when the call was started */
            metadata: {
                [key: string]: unknown;
            } | null;
            recordingId: string;
            /** @description Per-call order of events, from 1 with call.started */
            sequence: number;
            /** @description The number called (E.164) */
            to: string;
        };
        RecoverDeliveriesDto: {
            /**
             * Format: date-time
             * @description Re-queue failed deliveries created at or after this time
             */
            since: string;
        };
        RecoverResult: {
            deliveryIds: string[];
            recovered: number;
        };
        ScriptStep: {
            /** @description The assistant says this */
            say: string;
        } | {
            /** @description SIP calls: what was recognised containing one of the phrases jumps to that {label} */
            expect?: {
                goto: string;
                phrases: string[];
            }[];
            /** @description The callee says this */
            hear: string;
            /** @description No speech at all jumps to this {label} */
            noSpeech?: string;
            /** @description SIP calls: a key the caller presses while heard jumps to the {label} step named here */
            onKey?: {
                [key: string]: string;
            };
            /** @description Speech that matched no expected phrase jumps to this {label} */
            otherwise?: string;
        } | {
            /** @description A place an onKey branch jumps to (does nothing itself) */
            label: string;
        } | {
            arguments?: {
                [key: string]: unknown;
            };
            /** @description An MCP tool to call ("server.tool" or "tool") */
            tool: string;
        } | {
            /** @enum {string} */
            hangup: "assistant" | "customer";
        } | {
            /** @description The assistant transfers the caller here: a number (E.164) or a SIP URI (SIP REFER over a trunk) */
            transfer: string;
        } | {
            /** @description The assistant presses these keys (RFC 4733 telephone-events on SIP calls; silent when simulated) */
            dtmf: string;
        };
        SignupDto: {
            /** @example ada@example.com */
            email: string;
            /** @example Ada Lovelace */
            name: string;
            /** @example correct horse battery staple */
            password: string;
            /**
             * @description The new workspace; unique
             * @example Acme Support
             */
            workspaceName: string;
        };
        SimulatedInboundCall: {
            callId: string;
            /** @constant */
            status: "ringing";
        };
        SimulateInboundDto: {
            /** @description The caller (README "Simulated telephony" lists callers that behave differently) */
            from: string;
            /**
             * @description One of your numbers (E.164)
             * @example +14155550100
             */
            to: string;
        };
        SipTrunkList: {
            list: components["schemas"]["SipTrunkRecord"][];
            total: number;
        };
        SipTrunkRecord: {
            /** Format: date-time */
            createdAt: string;
            hasInboundPassword: boolean;
            /** @description A digest password is set (it is stored encrypted and never shown) */
            hasPassword: boolean;
            /**
             * @description The carrier's SIP gateway (name or address)
             * @example example.pstn.twilio.com
             */
            host: string;
            /** @description Addresses the carrier's INVITEs come from; others get 403 */
            inboundCidrs: string[];
            /** @description Digest user we challenge inbound INVITEs with, if any */
            inboundUsername: string | null;
            name: string;
            port: number;
            /** @enum {string} */
            transport: "udp" | "tcp";
            /** @example trk_01j9z8x7c6v5b4n3m2k1h0g9f8 */
            trunkId: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Digest user our INVITEs answer challenges with */
            username: string | null;
        };
        StartCallDto: {
            /**
             * @description Id of the assistant that handles the call
             * @example agent_01j9z8x7c6v5b4n3m2k1h0g9f8
             */
            agentId: string;
            /**
             * @description Caller ID: one of the workspace's numbers (E.164); default: the workspace's default number
             * @example +14155550100
             */
            from?: string;
            /**
             * @description Your own key/value pairs (≤ 16 KB), echoed on the call and its events
             * @example {
             *       "orderId": "A-1"
             *     }
             */
            metadata?: {
                [key: string]: unknown;
            };
            /**
             * @description Simulated calls only: what the simulated caller says, one line per turn ("" is silence); when the lines run out the caller hangs up. Default: each hear step's text (README "Testing an assistant")
             * @example {
             *       "lines": [
             *         "Yes, that works for me."
             *       ]
             *     }
             */
            simulatedCaller?: {
                lines?: string[];
            };
            /**
             * @description Number to dial in international format; stored as E.164
             * @example +14155552671
             */
            to: string;
        };
        StartedCall: {
            /** @example call_01j9z8x7c6v5b4n3m2k1h0g9f8 */
            callId: string;
            /** @example en */
            language: string;
            /** @constant */
            status: "ringing";
        };
        TestDeliveryResult: {
            deliveryId: string;
            durationMs: number;
            errorClass: ("timeout" | "connection-refused" | "connection-reset" | "dns" | "blocked" | "tls" | "http-status" | "redirect" | "network") | null;
            /** @description The first 200 characters of a 2xx answer, control characters blanked; null for any other answer */
            responseBody: string | null;
            statusCode: number | null;
            success: boolean;
        };
        TranscriberSetting: {
            /** @description Sent as `Authorization: Token …`; stored encrypted, shown masked */
            apiKey?: string;
            /** @description e.g. nova-2 (default: the provider's) */
            model?: string;
            /**
             * @description A hosted streaming recogniser speaking Deepgram's live WebSocket API
             * @constant
             */
            provider: "deepgram";
            /** @description The live endpoint (default wss://api.deepgram.com/v1/listen); wss, or ws for a local one */
            url?: string;
        };
        /** @description The transcript is stored */
        TranscriptReadyData: {
            /** @description null only on an inbound call no assistant answered (endedReason rejected, assistant-request-failed) */
            agentId: string | null;
            callId: string;
            /** @description The campaign that placed the call; null for other calls */
            campaignId: string | null;
            /** @enum {string} */
            direction: "outbound" | "inbound" | "web";
            /** @description Caller ID (E.164); null on an outbound call from a workspace without numbers */
            from: string | null;
            /** @description Echo of the metadata given when the call was started */
            metadata: {
                [key: string]: unknown;
            } | null;
            /** @description Per-call order of events, from 1 with call.started */
            sequence: number;
            /** @description The number called (E.164) */
            to: string;
            transcriptId: string;
        };
        TranscriptRecord: {
            callId: string;
            /** Format: date-time */
            createdAt: string;
            language: string;
            text: string;
            transcriptId: string;
            turns: components["schemas"]["TranscriptTurn"][];
        };
        TranscriptTurn: {
            /** @description SIP calls: the recogniser's confidence (0–1) in a customer turn's text */
            confidence?: number;
            /** @description Keys pressed (SIP calls): by the caller on a customer turn, or sent by the assistant */
            dtmf?: string;
            endSec: number;
            /** @description The line was cut short (the caller spoke over it, or the call ended): its text is what was played */
            interrupted?: boolean;
            /** @description An assistant turn answering the caller: from the end of their speech to this turn's first audio */
            latencyMs?: number;
            /** @description What the latency was spent on: the end of the turn, recognising it, the brain, synthesising */
            latencyParts?: {
                /** @description The brain's first words (a script: none; your server or a model) */
                brainMs: number;
                endOfTurnMs: number;
                recognitionMs: number;
                /** @description Synthesising the answer's first sentence */
                synthesisMs: number;
            };
            /** @enum {string} */
            role: "assistant" | "customer" | "tool";
            /** @description Seconds from connect */
            startSec: number;
            /** @description null for what a caller said on a SIP call: heard and timed, not yet recognised */
            text: string | null;
            /** @description name, server, arguments, result or error, latencyMs */
            tool?: {
                [key: string]: unknown;
            };
        };
        TransferCallDto: {
            /**
             * @description Where to send the far end: a number (E.164; over a trunk, at the trunk) or a SIP URI
             * @example +14155550199
             */
            to: string;
        };
        UpdateAssistantDto: {
            /** @description Post-call analysis by the model brain (README "Post-call analysis"); null: none */
            analysis?: components["schemas"]["AnalysisSetting"] | null;
            /** @description Who decides what the assistant says (README "Brains"); null: its script */
            brain?: components["schemas"]["BrainSetting"] | null;
            /** @description What the assistant says first */
            firstMessage?: string | null;
            /**
             * @description Two-letter language code
             * @default en
             * @example en
             */
            language?: string;
            /** @description Turn-taking on real calls; null: the engine's defaults */
            listening?: components["schemas"]["ListeningSetting"] | null;
            /** @default 600 */
            maxDurationSec?: number;
            name?: string;
            /** @description Conversation steps the simulator plays */
            script?: components["schemas"]["ScriptStep"][];
            systemPrompt?: string | null;
            /** @description MCP tool servers the script may call */
            tools?: components["schemas"]["McpToolServer"][];
            /** @description A hosted streaming recogniser for real calls (README "Recognition"); null: offline pocketsphinx */
            transcriber?: components["schemas"]["TranscriberSetting"] | null;
            voice?: string | null;
            /** @description Voicemail detection; null turns it off */
            voicemail?: components["schemas"]["VoicemailSetting"] | null;
        };
        UpdateNumberDto: {
            /** @description The assistant that answers calls to the number */
            agentId?: string | null;
            /**
             * @description https URL asked for the assistant of each inbound call; null turns it off
             * @example https://example.com/voice/assistant-request
             */
            assistantRequestUrl?: string | null;
            /** @description true makes this the caller ID of calls that name no from; false clears it */
            default?: boolean;
            /**
             * @description Your name for the number
             * @example Support line
             */
            label?: string | null;
            /** @description true replaces the assistant-request signing secret; the answer shows it once */
            rotateSecret?: boolean;
        };
        UpdateTrunkDto: {
            /** @description The carrier's SIP gateway */
            host?: string;
            /**
             * @description CIDRs the carrier's INVITEs come from
             * @example [
             *       "54.172.60.0/30"
             *     ]
             */
            inboundCidrs?: string[];
            /** @description Password for inbound challenges (write-only) */
            inboundPassword?: string | null;
            /** @description Digest user we challenge inbound INVITEs with */
            inboundUsername?: string | null;
            name?: string;
            /** @description Digest password (write-only, encrypted at rest) */
            password?: string | null;
            /**
             * @description Port of the gateway
             * @default 5060
             */
            port?: number;
            /**
             * @description TLS is not supported yet
             * @default udp
             * @enum {string}
             */
            transport?: "udp" | "tcp";
            /** @description Digest user for the carrier; null clears */
            username?: string | null;
        };
        UpdateWebhookDto: {
            /** @description true re-enables a disabled webhook and resumes its pending deliveries */
            enabled?: boolean;
            events?: ("call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed")[];
            url?: string;
        };
        VoicemailSetting: {
            /**
             * @description On a machine: hang up, or leave `message` after the beep
             * @enum {string}
             */
            action: "hangup" | "leave-message";
            /** @description Tell a machine from a person when the call is answered */
            detect: boolean;
            /** @description What to leave; default: "Hello, this is {name}. Please call us back." */
            message: string | null;
        };
        WebhookCreated: {
            /** Format: date-time */
            createdAt: string;
            disabledReason: string | null;
            enabled: boolean;
            events: ("call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed")[];
            /**
             * @description Standard Webhooks signing secret, shown only here
             * @example whsec_…
             */
            secret: string;
            /** Format: date-time */
            updatedAt: string;
            url: string;
            webhookId: string;
        };
        WebhookEnvelope: {
            /** @description callId, agentId, metadata, sequence and the event’s own fields (README "Events") */
            data: {
                [key: string]: unknown;
            };
            deliveryId: string;
            /** @enum {string} */
            event: "call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed" | "webhook.test";
            /** Format: date-time */
            occurredAt: string;
        };
        WebhookList: {
            list: components["schemas"]["WebhookRecord"][];
            total: number;
        };
        WebhookRecord: {
            /** Format: date-time */
            createdAt: string;
            disabledReason: string | null;
            enabled: boolean;
            events: ("call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed")[];
            /** Format: date-time */
            updatedAt: string;
            url: string;
            webhookId: string;
        };
        WorkspaceBacklog: {
            /** @description Webhook deliveries that used up their attempts */
            failedDeliveries: number;
            /** @description Webhook deliveries waiting for their next attempt */
            pendingDeliveries: number;
            /** @description Calls accepted and not yet answered (status ringing) */
            pendingDials: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ApiKeys_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ApiKeys_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Audit_list: {
        parameters: {
            query?: {
                action?: "login.succeeded" | "login.failed" | "password.changed" | "key.created" | "key.revoked" | "member.invited" | "member.invite_revoked" | "member.joined" | "member.role_changed" | "member.removed" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "number.added" | "number.updated" | "number.released" | "dnc.added" | "dnc.removed" | "trunk.created" | "trunk.updated" | "trunk.deleted";
                /** @description Only what this account did */
                actorAccountId?: string;
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
                /** @description From this time (ISO 8601), inclusive */
                since?: string;
                /** @description Before this time (ISO 8601) */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_acceptInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptInviteDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Auth_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_signup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Backlog_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceBacklog"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Dnc_add: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddDncDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DncRecord"];
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DncRecord"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Dnc_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Dnc_list: {
        parameters: {
            query?: {
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DncList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Events_list: {
        parameters: {
            query?: {
                /** @description Return events after this eventId (exclusive) */
                after?: string;
                /** @description Only events of this call */
                callId?: string;
                limit?: number;
                /** @description Only events of this name */
                type?: "call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Events_stream: {
        parameters: {
            query?: {
                /** @description Return events after this eventId (exclusive) */
                after?: string;
                /** @description Only events of this call */
                callId?: string;
                limit?: number;
                /** @description Only events of this name */
                type?: "call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed";
            };
            header?: {
                /** @description The last eventId received */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_changeRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeRoleDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberRecord"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_invite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteCreated"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_revokeInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inviteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_invites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteList"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_list: {
        parameters: {
            query?: {
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Assistants_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAssistantDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssistantRecord"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Assistants_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssistantRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Assistants_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Assistants_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAssistantDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssistantRecord"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Calls_start: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat within 24 h with the same body to get the first answer (409 with another body) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartCallDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartedCall"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Assistants_list: {
        parameters: {
            query?: {
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssistantList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Calls_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Calls_end: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CallMedia_recording: {
        parameters: {
            query?: never;
            header?: {
                Range?: string;
            };
            path: {
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The WAV file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/wav": string;
                };
            };
            /** @description The requested byte range */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/wav": string;
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Removed by the workspace's retention (see the call's mediaRemovedAt) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Range outside the recording */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CallMedia_transcript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Removed by the workspace's retention (see the call's mediaRemovedAt) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CallMedia_liveTranscript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LiveTranscript"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Calls_transfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                callId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransferCallDto"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallRecord"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Calls_list: {
        parameters: {
            query?: {
                /** @description Only calls of this assistant */
                agentId?: string;
                /** @description Calls created at or after this time (inclusive) */
                createdAfter?: string;
                /** @description Calls created before this time (exclusive) */
                createdBefore?: string;
                /** @description Only outbound or only inbound calls */
                direction?: "outbound" | "inbound" | "web";
                /** @description Only calls from this number (E.164, exact) */
                from?: string;
                /** @description Only calls whose metadata has this key */
                metadataKey?: string;
                /** @description With metadataKey: only calls whose metadata has that key with this value (as text) */
                metadataValue?: string;
                /** @description Only calls from or to this number (E.164, exact) */
                number?: string;
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
                /** @description Only calls in this status */
                status?: "ringing" | "in-progress" | "completed" | "failed" | "no-answer";
                /** @description Only calls to this number (E.164, exact) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Campaigns_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCampaignDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignCreated"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Campaigns_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Campaigns_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Campaigns_pause: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Campaigns_recipients: {
        parameters: {
            query?: {
                outcome?: "pending" | "calling" | "completed" | "voicemail" | "no-answer" | "busy" | "failed" | "dnc" | "cancelled";
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
            };
            header?: never;
            path: {
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecipientList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Campaigns_add: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddRecipientsDto"];
                "text/csv": components["schemas"]["AddRecipientsDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecipientsAdded"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Campaigns_resume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Campaigns_list: {
        parameters: {
            query?: {
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Calls_concurrency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Concurrency"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Numbers_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateNumberDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberCreated"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Numbers_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                numberId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Numbers_release: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                numberId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Numbers_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                numberId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateNumberDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberUpdated"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Numbers_list: {
        parameters: {
            query?: {
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Calls_overview: {
        parameters: {
            query?: {
                /** @description UTC calendar days to cover, ending today */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Overview"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Simulator_ring: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateInboundDto"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulatedInboundCall"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Trunks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTrunkDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunkRecord"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Trunks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                trunkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunkRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Trunks_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                trunkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The resource state blocks the action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Trunks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                trunkId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTrunkDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunkRecord"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Trunks_list: {
        parameters: {
            query?: {
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunkList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    WebCalls_webCall: {
        parameters: {
            query: {
                /** @description The assistant to talk to */
                agentId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A WebSocket route asked without an upgrade: connect with a WebSocket client */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecord"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecord"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_listDeliveries: {
        parameters: {
            query?: {
                event?: "call.started" | "call.connected" | "call.completed" | "call.failed" | "recording.ready" | "transcript.ready" | "call.transferred" | "analysis.ready" | "campaign.started" | "campaign.paused" | "campaign.completed";
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_getDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDetail"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDetail"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_recover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverDeliveriesDto"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoverResult"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Valid JSON with an invalid value */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestDeliveryResult"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown id, or an id of another workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: {
                /** @description Page to read, starting at 1 */
                page?: number;
                /** @description Items per page */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key's role cannot do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Ops_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    Ops_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Health Check is successful */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up",
                         *         "responseTime": 12
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                            } & {
                                [key: string]: unknown;
                            };
                        };
                        /** @example {} */
                        error?: {
                            [key: string]: {
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up",
                         *         "responseTime": 12
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example ok
                         * @enum {string}
                         */
                        status?: "ok" | "degraded";
                    };
                };
            };
            /**
             * @description A dependency is unreachable
             *
             *     The Health Check is not successful
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up",
                         *         "responseTime": 12
                         *       },
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect",
                         *         "responseTime": 3005
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                            } & {
                                [key: string]: unknown;
                            };
                        };
                        /**
                         * @example {
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect",
                         *         "responseTime": 3005
                         *       }
                         *     }
                         */
                        error?: {
                            [key: string]: {
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up",
                         *         "responseTime": 12
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example error
                         * @enum {string}
                         */
                        status?: "error" | "shutting_down";
                    };
                };
            };
        };
    };
    Mcp_handle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The JSON-RPC answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Malformed JSON, missing field or Content-Type, or a bad query parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description API key missing, wrong or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The Accept header does not allow the answer */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit (or, for start-call, the live-call limit) exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error; retry with backoff */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Ops_scrape: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
}
