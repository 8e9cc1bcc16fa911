import { path, type RequestOptions } from '../core/http.js';
import type { PagedList } from '../core/paging.js';
import { Resource } from '../core/resource.js';
import type { AddDncParams, DncEntry, PageParams } from '../types.js';

/** The workspace's do-not-call list: start-call refuses these numbers and campaigns skip them. */
export class Dnc extends Resource {
  /** Idempotent: adding a listed number answers the existing entry. */
  add(params: AddDncParams, options?: RequestOptions): Promise<DncEntry> {
    return this.httpPost('/api/core/dnc', params, true, options);
  }

  list(params: PageParams = {}, options?: RequestOptions): PagedList<DncEntry> {
    return this.paged('/api/core/dnc/list', params, options);
  }

  /** `number` in E.164, e.g. +14155552671. */
  remove(number: string, options?: RequestOptions): Promise<void> {
    return this.httpDelete(path`/api/core/dnc/${number}`, options);
  }
}
