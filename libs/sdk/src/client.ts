import { HttpClient, type ClientOptions } from './core/http.js';
import { Assistants } from './resources/assistants.js';
import { Calls } from './resources/calls.js';
import { Campaigns } from './resources/campaigns.js';
import { Dnc } from './resources/dnc.js';
import { Events } from './resources/events.js';
import { Numbers, Simulator } from './resources/numbers.js';
import { ApiKeys, Audit, Members } from './resources/people.js';
import { Trunks } from './resources/trunks.js';
import { Webhooks } from './resources/webhooks.js';

/**
 * The voice calling service's API. `new VoiceClient({apiKey, baseUrl})`; every method takes
 * RequestOptions last (signal, timeoutMs, maxRetries, headers).
 */
export class VoiceClient {
  readonly calls: Calls;
  readonly assistants: Assistants;
  readonly numbers: Numbers;
  readonly simulator: Simulator;
  readonly dnc: Dnc;
  readonly trunks: Trunks;
  readonly campaigns: Campaigns;
  readonly webhooks: Webhooks;
  readonly events: Events;
  readonly apiKeys: ApiKeys;
  readonly members: Members;
  readonly audit: Audit;

  constructor(options: ClientOptions) {
    const http = new HttpClient(options);
    this.calls = new Calls(http);
    this.assistants = new Assistants(http);
    this.numbers = new Numbers(http);
    this.simulator = new Simulator(http);
    this.dnc = new Dnc(http);
    this.trunks = new Trunks(http);
    this.campaigns = new Campaigns(http);
    this.webhooks = new Webhooks(http);
    this.events = new Events(http);
    this.apiKeys = new ApiKeys(http);
    this.members = new Members(http);
    this.audit = new Audit(http);
  }
}
