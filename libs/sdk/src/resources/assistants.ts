import { path, type RequestOptions } from '../core/http.js';
import type { PagedList } from '../core/paging.js';
import { Resource } from '../core/resource.js';
import type { Assistant, CreateAssistantParams, PageParams, UpdateAssistantParams } from '../types.js';

export class Assistants extends Resource {
  create(params: CreateAssistantParams, options?: RequestOptions): Promise<Assistant> {
    return this.httpPost('/api/core/voice/agent', params, false, options);
  }

  get(agentId: string, options?: RequestOptions): Promise<Assistant> {
    return this.httpGet(path`/api/core/voice/agent/${agentId}`, undefined, options);
  }

  list(params: PageParams = {}, options?: RequestOptions): PagedList<Assistant> {
    return this.paged('/api/core/voice/agent/list', params, options);
  }

  update(agentId: string, params: UpdateAssistantParams, options?: RequestOptions): Promise<Assistant> {
    return this.httpPatch(path`/api/core/voice/agent/${agentId}`, params, options);
  }

  /** ConflictError (409) while a phone number or a campaign uses it. */
  delete(agentId: string, options?: RequestOptions): Promise<void> {
    return this.httpDelete(path`/api/core/voice/agent/${agentId}`, options);
  }
}
