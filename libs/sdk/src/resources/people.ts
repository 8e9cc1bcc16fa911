import { path, type RequestOptions } from '../core/http.js';
import type { PagedList } from '../core/paging.js';
import { Resource } from '../core/resource.js';
import type {
  ApiKey,
  ApiKeyCreated,
  AuditEntry,
  ChangeRoleParams,
  CreateApiKeyParams,
  InviteCreated,
  InviteList,
  InviteParams,
  ListAuditParams,
  Member,
  PageParams,
} from '../types.js';

export class ApiKeys extends Resource {
  /** The answer holds the full key, shown this once. */
  create(params: CreateApiKeyParams, options?: RequestOptions): Promise<ApiKeyCreated> {
    return this.httpPost('/api/core/api-key', params, false, options);
  }

  /** Every key of the workspace, masked. */
  async list(options?: RequestOptions): Promise<ApiKey[]> {
    const answer = await this.httpGet<{ list?: ApiKey[] }>('/api/core/api-key/list', undefined, options);
    return answer?.list ?? [];
  }

  revoke(keyId: string, options?: RequestOptions): Promise<void> {
    return this.httpDelete(path`/api/core/api-key/${keyId}`, options);
  }
}

export class Members extends Resource {
  list(params: PageParams = {}, options?: RequestOptions): PagedList<Member> {
    return this.paged('/api/core/member/list', params, options);
  }

  /** The answer holds the invitation token to hand to the person. */
  invite(params: InviteParams, options?: RequestOptions): Promise<InviteCreated> {
    return this.httpPost('/api/core/member/invite', params, false, options);
  }

  /** Pending invitations (admin). */
  invites(options?: RequestOptions): Promise<InviteList> {
    return this.httpGet('/api/core/member/invite/list', undefined, options);
  }

  /** Revokes a pending invitation: its link stops working (admin). */
  revokeInvite(inviteId: string, options?: RequestOptions): Promise<void> {
    return this.httpDelete(path`/api/core/member/invite/${inviteId}`, options);
  }

  changeRole(accountId: string, params: ChangeRoleParams, options?: RequestOptions): Promise<Member> {
    return this.httpPatch(path`/api/core/member/${accountId}`, params, options);
  }

  remove(accountId: string, options?: RequestOptions): Promise<void> {
    return this.httpDelete(path`/api/core/member/${accountId}`, options);
  }
}

/** Security-relevant actions in the workspace. */
export class Audit extends Resource {
  list(params: Omit<ListAuditParams, 'page'> = {}, options?: RequestOptions): PagedList<AuditEntry> {
    return this.paged('/api/core/audit/list', params, options);
  }
}
