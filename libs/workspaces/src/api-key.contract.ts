import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import type { Account, ApiKey } from '@app/db';
import { effectiveRole } from './api-keys.repository';
import { ROLES } from './roles';

/** A key as listings show it: never the key, only a masked preview (spec 5.3). */
export const ApiKeyRecord = contract(
  'ApiKeyRecord',
  z.object({
    keyId: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    preview: z.string().meta({ example: 'vk_…a1B2' }),
    purpose: z
      .enum(['api', 'webhook'])
      .describe(
        "api: a key to call the API; webhook: made by the console for a webhook's deliveries (their Bearer " +
          'key, a viewer key of the person who registered it), listed apart',
      ),
    createdAt: timestamp(),
    lastUsedAt: timestamp().nullable(),
    revokedAt: timestamp().nullable(),
    createdBy: z
      .object({ accountId: z.string(), name: z.string(), email: z.string().nullable() })
      .describe('The account the key belongs to: a person (with an email) or a service identity'),
  }),
);
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

export const ApiKeyCreated = contract(
  'ApiKeyCreated',
  ApiKeyRecord.extend({ key: z.string().describe('The full key, shown only here') }),
);
export const ApiKeyList = contract('ApiKeyList', listOf(ApiKeyRecord));

export function presentApiKey(k: ApiKey & { account: Account }): ApiKeyRecord {
  return {
    keyId: k.id,
    name: k.name,
    role: effectiveRole(k.role, k.account.role),
    preview: k.preview,
    purpose: k.purpose,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    createdBy: { accountId: k.account.id, name: k.account.name, email: k.account.email },
  };
}
