import { path, type RequestOptions } from '../core/http.js';
import type { PagedList } from '../core/paging.js';
import { Resource } from '../core/resource.js';
import type {
  CreateNumberParams,
  PageParams,
  PhoneNumber,
  PhoneNumberCreated,
  PhoneNumberUpdated,
  SimulatedInboundCall,
  SimulateInboundParams,
  UpdateNumberParams,
} from '../types.js';

/** The workspace's phone numbers: caller IDs for outbound calls, and lines inbound calls ring. */
export class Numbers extends Resource {
  /** Provisions a number from the provider (`{country, areaCode}`) or imports one you own (`{number}`). */
  create(params: CreateNumberParams, options?: RequestOptions): Promise<PhoneNumberCreated> {
    return this.httpPost('/api/core/voice/number', params, false, options);
  }

  get(numberId: string, options?: RequestOptions): Promise<PhoneNumber> {
    return this.httpGet(path`/api/core/voice/number/${numberId}`, undefined, options);
  }

  list(params: PageParams = {}, options?: RequestOptions): PagedList<PhoneNumber> {
    return this.paged('/api/core/voice/number/list', params, options);
  }

  update(numberId: string, params: UpdateNumberParams, options?: RequestOptions): Promise<PhoneNumberUpdated> {
    return this.httpPatch(path`/api/core/voice/number/${numberId}`, params, options);
  }

  release(numberId: string, options?: RequestOptions): Promise<void> {
    return this.httpDelete(path`/api/core/voice/number/${numberId}`, options);
  }
}

/** The simulated telephone network (the default provider): rings one of your numbers as a caller would. */
export class Simulator extends Resource {
  inbound(params: SimulateInboundParams, options?: RequestOptions): Promise<SimulatedInboundCall> {
    return this.httpPost('/api/core/voice/simulator/inbound', params, false, options);
  }
}
