import type { HttpClient, RequestOptions } from './http.js';
import { PagedList } from './paging.js';

/** What every resource is made of: one line per route. */
export abstract class Resource {
  constructor(protected readonly http: HttpClient) {}

  protected httpGet<T>(path: string, query?: object, options?: RequestOptions): Promise<T> {
    return this.http.json({ method: 'GET', path, query, idempotent: true }, options);
  }

  /**
   * `idempotent`: whether repeating it after a lost answer is harmless. Creations are not (a retry
   * could make two), so they are retried only on 429, which the service answers before doing anything.
   */
  protected httpPost<T>(path: string, body: unknown, idempotent: boolean, options?: RequestOptions): Promise<T> {
    return this.http.json({ method: 'POST', path, body, idempotent }, options);
  }

  protected httpPatch<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
    return this.http.json({ method: 'PATCH', path, body, idempotent: true }, options);
  }

  protected httpDelete(path: string, options?: RequestOptions): Promise<void> {
    return this.http.json({ method: 'DELETE', path, idempotent: true }, options);
  }

  /** A page-numbered list of `path` with these filters. */
  protected paged<T>(path: string, params: { pageSize?: number } = {}, options?: RequestOptions): PagedList<T> {
    return new PagedList((page) => this.httpGet(path, { ...params, page }, options), params.pageSize);
  }
}
