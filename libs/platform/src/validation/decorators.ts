import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import {
  IsInt,
  isISO8601,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidationOptions,
  buildMessage,
} from 'class-validator';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A required field. Absent is a 400 "missing" (ContractValidationPipe looks for this constraint
 * by name); present with a wrong value, null included, is a 422 from the field's other rules.
 */
export const Required = () =>
  ValidateBy({
    name: 'isPresent',
    validator: { validate: (v) => v !== undefined, defaultMessage: () => '$property is required' },
  });

/** An optional field that, when sent, must be valid: null is not a way around the rules. */
export const Optional = () => ValidateIf((_, value) => value !== undefined);

// The last number toE164 found valid (E.164): the validator that runs right after the transform
// does not parse it a second time (a parse with full metadata is ~7 us).
let lastValid: string | undefined;

/** Normalises an international number to E.164 ("+1 415 555 2671" → "+14155552671"). */
export function toE164(value: unknown): unknown {
  if (typeof value !== 'string' || !value.trim().startsWith('+')) return value;
  const parsed = parsePhoneNumberFromString(value.trim());
  if (!parsed?.isValid()) return value;
  lastValid = parsed.number;
  return parsed.number;
}

/** A valid number in international format, by libphonenumber-js (full metadata). */
function isInternational(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('+')) return false;
  return value === lastValid || !!parsePhoneNumberFromString(value)?.isValid();
}

/** A number in international format, validated by libphonenumber-js (full metadata). */
export function IsInternationalPhone(options?: ValidationOptions) {
  return applyDecorators(
    Transform(({ value }) => toE164(value)),
    ValidateBy(
      {
        name: 'isInternationalPhone',
        validator: {
          validate: isInternational,
          defaultMessage: buildMessage(
            (each) => `${each}$property must be a valid phone number in international format, e.g. +14155552671`,
            options,
          ),
        },
      },
      options,
    ),
  );
}

/** A SIP URI a call may be transferred to: sip:user@host[:port], no spaces or angle brackets. */
export const SIP_URI = /^sips?:[^\s<>@;]+@[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** Where a call is transferred: a number in international format (stored E.164), or a SIP URI. */
export function IsTransferTarget(options?: ValidationOptions) {
  return applyDecorators(
    Transform(({ value }) => toE164(value)),
    ValidateBy(
      {
        name: 'isTransferTarget',
        validator: {
          validate: (value) => typeof value === 'string' && (SIP_URI.test(value) || isInternational(value)),
          defaultMessage: buildMessage(
            (each) => `${each}$property must be a phone number in international format or a sip: URI`,
            options,
          ),
        },
      },
      options,
    ),
  );
}

/** A plain JSON object (not an array or null) whose JSON text is at most maxBytes. */
export function IsJsonObject(maxBytes: number, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isJsonObject',
      validator: {
        validate: (value) =>
          value !== null &&
          typeof value === 'object' &&
          !Array.isArray(value) &&
          Buffer.byteLength(JSON.stringify(value), 'utf8') <= maxBytes,
        defaultMessage: buildMessage(
          (each) => `${each}$property must be a JSON object of at most ${Math.floor(maxBytes / 1024)} KB`,
          options,
        ),
      },
    },
    options,
  );
}

/**
 * An RFC 3339 instant: strict ISO 8601 that a Date can hold, years 0001-9999 (PostgreSQL's timestamps hold them
 * all). The ISO basic form ("20250101") passes isISO8601 but is no date JavaScript parses.
 */
export function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string' || !isISO8601(value, { strict: true })) return false;
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** A timestamp field (isTimestamp): refused with "<field> must be an ISO 8601 timestamp". */
export const IsTimestamp = () =>
  ValidateBy({
    name: 'isTimestamp',
    validator: { validate: isTimestamp, defaultMessage: () => '$property must be an ISO 8601 timestamp' },
  });

/** An optional integer query parameter with bounds; strings from the query are converted. */
export function QueryInt(min: number, max: number) {
  return applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: '$property must be an integer' }),
    Min(min, { message: `$property must be at least ${min}` }),
    Max(max, { message: `$property must be at most ${max}` }),
  );
}

/** A plain object: not null, not an array. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Runs a "first problem" checker as a class-validator rule, so the 422 names the bad entry. */
export const CheckedBy = (name: string, problem: (v: unknown) => string | null) =>
  ValidateBy({
    name,
    validator: { validate: (v) => problem(v) === null, defaultMessage: (args) => problem(args?.value) ?? '' },
  });

/**
 * C0 and C1 control characters (tab and newline included), DEL, line and paragraph separators and
 * the bidirectional overrides and isolates: text that can forge rows in a terminal or reorder what
 * a reader sees. Names never need them (metadata values may hold them, JSON-escaped).
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A name or label: refused (422) when it holds a control or bidirectional-override character. */
export function IsDisplayName(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isDisplayName',
      validator: {
        validate: (value) => typeof value !== 'string' || !UNSAFE_TEXT.test(value),
        defaultMessage: buildMessage(
          (each) => `${each}$property must not contain control or bidirectional-override characters`,
          options,
        ),
      },
    },
    options,
  );
}

/** A name or label of 1 to maxLength characters without control or bidi-override characters. */
export const IsName = (maxLength = 200) =>
  applyDecorators(IsString(), MinLength(1), MaxLength(maxLength), IsDisplayName());
