import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { compiledRules } from './compiled-rules';

/** Thrown by the pipe's exceptionFactory; classified into 400 or 422 once the source is known. */
class ValidationFailure extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

interface Problem {
  path: string;
  missing: boolean;
  message: string;
}

/** Rules about what kind of value a field holds; their message says the most when they fail. */
const TYPE_RULES = ['isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isJsonObject', 'isIn'];

/**
 * One problem per property: "missing" when the field is absent, otherwise the message of the
 * type rule that failed, or else of the first rule that failed.
 */
function flatten(errors: ValidationError[], parent = ''): Problem[] {
  return errors.flatMap((e) => {
    const path = parent ? `${parent}.${e.property}` : e.property;
    const constraints = e.constraints ?? {};
    const names = Object.keys(constraints);
    const own: Problem[] =
      names.length === 0
        ? []
        : constraints.isPresent
          ? [{ path, missing: true, message: constraints.isPresent }]
          : [{ path, missing: false, message: constraints[names.find((n) => TYPE_RULES.includes(n)) ?? names[0]] }];
    return [...own, ...flatten(e.children ?? [], path)];
  });
}

/**
 * Global validation with the contract's split (spec part 7): a required body field that is absent
 * is a 400, a present but invalid value is a 422. Query and path parameters answer 400 naming the
 * parameter, since there is no "valid JSON" to speak of there.
 */
@Injectable()
export class ContractValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidUnknownValues: false,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new ValidationFailure(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isDto = typeof metadata.metatype === 'function' && !isPrimitive(metadata.metatype);
    if (metadata.type === 'body' && isDto && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw ApiError.badRequest('The request body must be a JSON object sent with Content-Type: application/json');
    }
    const dto = isDto && this.toValidate(metadata) ? (metadata.metatype as new () => object) : undefined;
    const accepted = dto && this.acceptedByCompiledRules(value, dto);
    if (accepted) return accepted;
    try {
      return await super.transform(value, metadata);
    } catch (e) {
      if (!(e instanceof ValidationFailure)) throw e;
      const problems = flatten(e.errors);
      const missing = problems.filter((p) => p.missing);
      if (metadata.type !== 'body') {
        throw ApiError.badRequest(problems.map((p) => `${metadata.type} parameter ${p.message}`).join('; '));
      }
      if (missing.length > 0) throw ApiError.badRequest(missing.map((p) => p.message).join('; '));
      throw ApiError.unprocessable(problems.map((p) => p.message).join('; '));
    }
  }

  /**
   * A value the DTO's compiled rules accept, as the full path would return it (compiled-rules.ts); undefined sends
   * it the full path. The same prototype keys are stripped first, in place, as the full path strips them.
   */
  private acceptedByCompiledRules(value: unknown, dto: new () => object): object | undefined {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const rules = compiledRules(dto);
    if (!rules) return undefined;
    this.stripProtoKeys(value);
    this.closeArrayGaps(value);
    return rules(value as Record<string, unknown>);
  }
}

function isPrimitive(metatype: unknown): boolean {
  return [String, Boolean, Number, Array, Object].includes(metatype as never);
}
