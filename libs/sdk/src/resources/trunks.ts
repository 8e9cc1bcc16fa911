import { path, type RequestOptions } from '../core/http.js';
import type { PagedList } from '../core/paging.js';
import { Resource } from '../core/resource.js';
import type { CreateTrunkParams, PageParams, SipTrunk, UpdateTrunkParams } from '../types.js';

/** The workspace's SIP trunks (admin): its own carrier connection. Passwords are write-only. */
export class Trunks extends Resource {
  create(params: CreateTrunkParams, options?: RequestOptions): Promise<SipTrunk> {
    return this.httpPost('/api/core/voice/trunk', params, false, options);
  }

  list(params: PageParams = {}, options?: RequestOptions): PagedList<SipTrunk> {
    return this.paged('/api/core/voice/trunk/list', params, options);
  }

  get(trunkId: string, options?: RequestOptions): Promise<SipTrunk> {
    return this.httpGet(path`/api/core/voice/trunk/${trunkId}`, undefined, options);
  }

  /** Any subset of the settings; null clears a credential. */
  update(trunkId: string, params: UpdateTrunkParams, options?: RequestOptions): Promise<SipTrunk> {
    return this.httpPatch(path`/api/core/voice/trunk/${trunkId}`, params, options);
  }

  /** Refused (409) while numbers are carried by the trunk. */
  delete(trunkId: string, options?: RequestOptions): Promise<void> {
    return this.httpDelete(path`/api/core/voice/trunk/${trunkId}`, options);
  }
}
