import { z } from 'zod';
import { contract, listOf, timestamp } from '@app/platform';
import type { SipTrunk } from '@app/db';

/** A SIP trunk as the API shows it: passwords are never returned, only whether one is set. */
export const SipTrunkRecord = contract(
  'SipTrunkRecord',
  z.object({
    trunkId: z.string().meta({ example: 'trk_01j9z8x7c6v5b4n3m2k1h0g9f8' }),
    name: z.string(),
    host: z
      .string()
      .describe("The carrier's SIP gateway (name or address)")
      .meta({ example: 'example.pstn.twilio.com' }),
    port: z.number().int(),
    transport: z.enum(['udp', 'tcp']),
    username: z.string().nullable().describe('Digest user our INVITEs answer challenges with'),
    hasPassword: z.boolean().describe('A digest password is set (it is stored encrypted and never shown)'),
    inboundCidrs: z.array(z.string()).describe("Addresses the carrier's INVITEs come from; others get 403"),
    inboundUsername: z.string().nullable().describe('Digest user we challenge inbound INVITEs with, if any'),
    hasInboundPassword: z.boolean(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);
export type SipTrunkRecord = z.infer<typeof SipTrunkRecord>;
export const SipTrunkList = contract('SipTrunkList', listOf(SipTrunkRecord));

export function presentTrunk(t: SipTrunk): SipTrunkRecord {
  return {
    trunkId: t.id,
    name: t.name,
    host: t.host,
    port: t.port,
    transport: t.transport,
    username: t.username,
    hasPassword: t.passwordEnc !== null,
    inboundCidrs: t.inboundCidrs,
    inboundUsername: t.inboundUsername,
    hasInboundPassword: t.inboundPasswordEnc !== null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
