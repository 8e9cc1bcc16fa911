import { path, type RequestOptions } from '../core/http.js';
import type { PagedList } from '../core/paging.js';
import { Resource } from '../core/resource.js';
import type {
  AddRecipientsParams,
  Campaign,
  CampaignCreated,
  CreateCampaignParams,
  ListRecipientsParams,
  PageParams,
  Recipient,
  RecipientsAdded,
} from '../types.js';

/** Outbound campaigns: recipients dialled within windows, limits and retries. */
export class Campaigns extends Resource {
  create(params: CreateCampaignParams, options?: RequestOptions): Promise<CampaignCreated> {
    return this.httpPost('/api/core/voice/campaign', params, false, options);
  }

  get(campaignId: string, options?: RequestOptions): Promise<Campaign> {
    return this.httpGet(path`/api/core/voice/campaign/${campaignId}`, undefined, options);
  }

  list(params: PageParams = {}, options?: RequestOptions): PagedList<Campaign> {
    return this.paged('/api/core/voice/campaign/list', params, options);
  }

  recipients(
    campaignId: string,
    params: Omit<ListRecipientsParams, 'page'> = {},
    options?: RequestOptions,
  ): PagedList<Recipient> {
    return this.paged(path`/api/core/voice/campaign/${campaignId}/recipients`, params, options);
  }

  /** Recipients as `{recipients: [...]}`, or a CSV text with a header row (to, timezone, metadata columns). */
  addRecipients(campaignId: string, recipients: AddRecipientsParams | string, options?: RequestOptions) {
    const csv = typeof recipients === 'string';
    return this.http.json<RecipientsAdded>(
      {
        method: 'POST',
        path: path`/api/core/voice/campaign/${campaignId}/recipients`,
        body: recipients,
        contentType: csv ? 'text/csv' : undefined,
        idempotent: false,
      },
      options,
    );
  }

  pause(campaignId: string, options?: RequestOptions): Promise<Campaign> {
    return this.httpPost(path`/api/core/voice/campaign/${campaignId}/pause`, undefined, true, options);
  }

  resume(campaignId: string, options?: RequestOptions): Promise<Campaign> {
    return this.httpPost(path`/api/core/voice/campaign/${campaignId}/resume`, undefined, true, options);
  }

  /** Marks the recipients not yet dialled cancelled; live calls finish. */
  cancel(campaignId: string, options?: RequestOptions): Promise<Campaign> {
    return this.httpPost(path`/api/core/voice/campaign/${campaignId}/cancel`, undefined, true, options);
  }
}
