// Friendly names for the generated OpenAPI types (api-types.generated.ts). Responses may gain
// fields at any time (spec part 9): the SDK keeps what it does not know, typed or not.
import type { components, operations, webhooks } from './api-types.generated.js';

type Schemas = components['schemas'];
/** The query parameters of an operation. */
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type Call = Schemas['CallRecord'];
export type StartedCall = Schemas['StartedCall'];
export type StartCallParams = Schemas['StartCallDto'];
export type ListCallsParams = QueryOf<'Calls_list'>;
export type CallStatus = Call['status'];
export type Concurrency = Schemas['Concurrency'];
export type Backlog = Schemas['WorkspaceBacklog'];
export type Overview = Schemas['Overview'];
export type OverviewParams = QueryOf<'Calls_overview'>;
export type Transcript = Schemas['TranscriptRecord'];
export type LiveTranscript = Schemas['LiveTranscript'];

export type Assistant = Schemas['AssistantRecord'];
export type CreateAssistantParams = Schemas['CreateAssistantDto'];
export type UpdateAssistantParams = Schemas['UpdateAssistantDto'];

export type PhoneNumber = Schemas['PhoneNumberRecord'];
export type PhoneNumberCreated = Schemas['PhoneNumberCreated'];
export type PhoneNumberUpdated = Schemas['PhoneNumberUpdated'];
export type CreateNumberParams = Schemas['CreateNumberDto'];
export type UpdateNumberParams = Schemas['UpdateNumberDto'];
export type SimulateInboundParams = Schemas['SimulateInboundDto'];
export type SimulatedInboundCall = Schemas['SimulatedInboundCall'];

export type DncEntry = Schemas['DncRecord'];
export type AddDncParams = Schemas['AddDncDto'];

export type SipTrunk = Schemas['SipTrunkRecord'];
export type CreateTrunkParams = Schemas['CreateTrunkDto'];
export type UpdateTrunkParams = Schemas['UpdateTrunkDto'];

export type Campaign = Schemas['CampaignRecord'];
export type CampaignCreated = Schemas['CampaignCreated'];
export type CreateCampaignParams = Schemas['CreateCampaignDto'];
export type AddRecipientsParams = Schemas['AddRecipientsDto'];
export type RecipientsAdded = Schemas['RecipientsAdded'];
export type Recipient = Schemas['RecipientRecord'];
export type ListRecipientsParams = QueryOf<'Campaigns_recipients'>;

export type Webhook = Schemas['WebhookRecord'];
export type WebhookCreated = Schemas['WebhookCreated'];
export type CreateWebhookParams = Schemas['CreateWebhookDto'];
export type UpdateWebhookParams = Schemas['UpdateWebhookDto'];
export type Delivery = Schemas['DeliveryRecord'];
export type DeliveryDetail = Schemas['DeliveryDetail'];
export type ListDeliveriesParams = QueryOf<'Webhooks_listDeliveries'>;
export type RecoverDeliveriesParams = Schemas['RecoverDeliveriesDto'];
export type RecoverResult = Schemas['RecoverResult'];
export type TestDeliveryResult = Schemas['TestDeliveryResult'];

export type EventRecord = Schemas['EventRecord'];
export type EventName = EventRecord['event'];
export type ListEventsParams = QueryOf<'Events_list'>;

export type ApiKey = Schemas['ApiKeyRecord'];
export type ApiKeyCreated = Schemas['ApiKeyCreated'];
export type CreateApiKeyParams = Schemas['CreateApiKeyDto'];

export type Member = Schemas['MemberRecord'];
export type InviteParams = Schemas['InviteDto'];
export type InviteCreated = Schemas['InviteCreated'];
export type Invite = Schemas['InviteRecord'];
export type InviteList = Schemas['InviteList'];
export type ChangeRoleParams = Schemas['ChangeRoleDto'];
export type AuditEntry = Schemas['AuditRecord'];
export type ListAuditParams = QueryOf<'Audit_list'>;

/** Page and page size of the page-numbered lists. */
export interface PageParams {
  pageSize?: number;
}

/** A delivery to your webhook, per event name, as the OpenAPI document's `webhooks` describe it. */
export type KnownWebhookEvent = {
  [Name in keyof webhooks]: webhooks[Name]['post']['requestBody']['content']['application/json'];
}[keyof webhooks];

/** An event this SDK version does not know yet (the list grows, spec 6.2): passed through as sent. */
export interface UnknownWebhookEvent {
  event: string;
  deliveryId: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** What `verify` returns; `isEvent(event, 'call.completed')` narrows it to that event's typed `data`. */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;
export type WebhookEventName = KnownWebhookEvent['event'];
