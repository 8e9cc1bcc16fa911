import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import type { Prisma } from '@app/db';
import { AUDIT_ACTIONS } from './audit.repository';

export const AuditRecord = contract(
  'AuditRecord',
  z.object({
    auditId: z.string(),
    at: timestamp(),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({
      accountId: z.string().nullable(),
      keyId: z.string().nullable().describe('The key used; null when signed in with a session'),
      clientIp: z.string().nullable(),
    }),
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  }),
);
export type AuditRecord = z.infer<typeof AuditRecord>;
export const AuditList = contract('AuditList', listOf(AuditRecord));

export function presentAudit(e: Prisma.AuditEntryGetPayload<object>): AuditRecord {
  return {
    auditId: e.id,
    at: e.at.toISOString(),
    action: e.action as AuditRecord['action'],
    actor: { accountId: e.actorAccountId, keyId: e.actorKeyId, clientIp: e.clientIp },
    target: e.targetType && e.targetId ? { type: e.targetType, id: e.targetId } : null,
    details: (e.details as Record<string, unknown> | null) ?? null,
  };
}
