// The compiled rules (libs/platform/src/validation/compiled-rules.ts) against class-validator's full path, on every
// DTO of the project: whatever the compiled rules accept, the full path accepts and turns into an equal instance.
import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import {
  getMetadataStorage,
  IsDefined,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Transform, Type } from 'class-transformer';
import { ContractValidationPipe } from '@app/platform';
import { compiledRules } from '../../libs/platform/src/validation/compiled-rules';
import '@app/assistants';
import { StartCallDto } from '@app/calls';
import '@app/campaigns';
import '@app/telephony';
import '@app/webhooks';
import '@app/workspaces';

type Dto = new () => object;

class WithConditions {
  @IsDefined()
  @IsString()
  name: string;

  @ValidateIf((o: WithConditions) => o.name === 'x')
  @IsString()
  @MaxLength(3)
  code?: string;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  note?: string;

  undecorated?: string;
}

class Nested {
  @ValidateNested()
  @Type(() => WithConditions)
  inner: WithConditions;
}

const full = new ValidationPipe({ transform: true, whitelist: true, forbidUnknownValues: false });
/** The compiled rules as the pipe runs them: after the full path's own stripping of prototype keys. */
const stripping = new (class extends ValidationPipe {
  strip<T>(value: T): T {
    this.stripProtoKeys(value);
    this.closeArrayGaps(value);
    return value;
  }
})();
const body = (dto: Dto): ArgumentMetadata => ({ type: 'body', metatype: dto });

/** A small deterministic generator (mulberry32): the same bodies on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const POOL: unknown[] = [
  'x',
  '',
  ' +1 415 555 2671 ',
  '+14155552671',
  '+1415555',
  'agent_01j9z8x7c6v5b4n3m2k1h0g9f8',
  'a'.repeat(300),
  'https://example.com/hook',
  'member',
  'admin',
  'en',
  '2026-11-27T10:00:00.000Z',
  'sip:alice@example.com',
  0,
  7,
  -1,
  3.5,
  true,
  false,
  null,
  { a: 1 },
  { lines: ['yes', ''] },
  { lines: 'no' },
  { constructor: 'x', prototype: 1, keep: 2 },
  ['call.completed'],
  ['x', 1],
  [],
];

function bodiesFor(dto: Dto, count: number): Record<string, unknown>[] {
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false);
  const names = [...new Set(rules.map((m) => m.propertyName))];
  const next = random(names.length * 7919 + dto.name.length);
  const pick = () => POOL[Math.floor(next() * POOL.length)];
  return Array.from({ length: count }, () => {
    const b: Record<string, unknown> = {};
    for (const name of names) if (next() < 0.7) b[name] = pick();
    if (next() < 0.2) b.unknownField = pick();
    return b;
  });
}

async function fullPath(dto: Dto, value: unknown): Promise<{ ok: true; entity: object } | { ok: false }> {
  try {
    return { ok: true, entity: (await full.transform(structuredClone(value), body(dto))) as object };
  } catch {
    return { ok: false };
  }
}

const projectDtos = () =>
  [...(getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, unknown> }).validationMetadatas.keys()]
    .filter((t): t is Dto => typeof t === 'function' && t !== WithConditions && t !== Nested)
    .filter((t) => t.name !== 'AppConfig');

describe('compiled validation rules', () => {
  it('accept only what the full path accepts, and build an equal instance, on every DTO of the project', async () => {
    const dtos = [...projectDtos(), WithConditions];
    expect(dtos.length).toBeGreaterThan(20);
    let accepted = 0;
    for (const dto of dtos) {
      const rules = compiledRules(dto);
      if (!rules) continue;
      for (const value of bodiesFor(dto, 150)) {
        const expected = await fullPath(dto, value);
        const got = rules(stripping.strip(structuredClone(value)));
        if (!got) continue;
        accepted++;
        expect({ dto: dto.name, value, accepted: expected.ok }).toEqual({ dto: dto.name, value, accepted: true });
        if (!expected.ok) continue;
        expect(got.constructor).toBe(dto);
        expect(got).toEqual(expected.entity);
        expect(Object.keys(got)).toEqual(Object.keys(expected.entity));
      }
    }
    expect(accepted).toBeGreaterThan(100);
  });

  it('cover the hot bodies, and leave the rules they do not model to the full path', () => {
    const rules = compiledRules(StartCallDto)!;
    const dto = rules({ agentId: 'agent_1', to: ' +1 415 555 2671', metadata: { bench: true }, extra: 1 });
    expect(dto).toBeInstanceOf(StartCallDto);
    expect({ ...dto }).toEqual({
      agentId: 'agent_1',
      to: '+14155552671',
      from: undefined,
      metadata: { bench: true },
      simulatedCaller: undefined,
    });
    expect(rules({ to: '+14155552671' })).toBeUndefined(); // the full path says agentId is missing
    expect(compiledRules(Nested)).toBeNull();
  });

  it('leave the words of a refusal to the full path (the pipe answers as before)', async () => {
    const pipe = new ContractValidationPipe();
    await expect(pipe.transform({ to: '+14155552671' }, body(StartCallDto))).rejects.toMatchObject({
      status: 400,
      message: 'agentId is required',
    });
    await expect(pipe.transform({ agentId: 'a', to: '+1415' }, body(StartCallDto))).rejects.toMatchObject({
      status: 422,
    });
    const stripped = await pipe.transform(
      { agentId: 'a', to: '+14155552671', metadata: { constructor: 1, keep: 2 } },
      body(StartCallDto),
    );
    expect((stripped as { metadata: object }).metadata).toEqual({ keep: 2 });
  });
});
