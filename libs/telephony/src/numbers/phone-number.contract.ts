import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { contract, listOf, timestamp } from '@app/platform';
import type { PhoneNumber } from '@app/db';

/** A number the workspace holds (README "Phone numbers"). */
export const PhoneNumberRecord = contract(
  'PhoneNumberRecord',
  z.object({
    numberId: z.string().meta({ example: 'num_01j9z8x7c6v5b4n3m2k1h0g9f8' }),
    number: z.string().describe('E.164').meta({ example: '+14155550100' }),
    country: z.string().nullable().describe('ISO 3166 alpha-2 country of the number').meta({ example: 'US' }),
    label: z.string().nullable(),
    agentId: z.string().nullable().describe('The assistant that answers calls to this number'),
    assistantRequestUrl: z
      .string()
      .nullable()
      .describe('When set, asked for the assistant of each inbound call (README "Choosing the assistant per call")'),
    default: z.boolean().describe('Caller ID of outbound calls that name no from'),
    source: z.enum(['provisioned', 'imported']),
    trunkId: z.string().nullable().describe('The SIP trunk that carries the number; null: the simulated carrier'),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);
export type PhoneNumberRecord = z.infer<typeof PhoneNumberRecord>;

const secret = z
  .string()
  .describe('Standard Webhooks secret that signs assistant requests to this number, shown only here')
  .meta({ example: 'whsec_…' });
export const PhoneNumberCreated = contract(
  'PhoneNumberCreated',
  PhoneNumberRecord.extend({ assistantRequestSecret: secret }),
);
export const PhoneNumberUpdated = contract(
  'PhoneNumberUpdated',
  PhoneNumberRecord.extend({ assistantRequestSecret: secret.optional().describe('Only after rotateSecret') }),
);
export const PhoneNumberList = contract('PhoneNumberList', listOf(PhoneNumberRecord));

export function presentNumber(n: PhoneNumber, isDefault: boolean): PhoneNumberRecord {
  return {
    numberId: n.id,
    number: n.number,
    country: parsePhoneNumberFromString(n.number)?.country ?? null,
    label: n.label,
    agentId: n.assistantId,
    assistantRequestUrl: n.assistantRequestUrl,
    default: isDefault,
    source: n.source,
    trunkId: n.trunkId,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  };
}

/** The inbound call the simulator rang (202). */
export const SimulatedInboundCall = contract(
  'SimulatedInboundCall',
  z.object({ callId: z.string(), status: z.literal('ringing') }),
);
