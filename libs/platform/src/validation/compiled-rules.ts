import { TransformationType, type TransformFnParams } from 'class-transformer';
import type { MetadataStorage as TransformerMetadata } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage, ValidationTypes, type ValidationArguments } from 'class-validator';

// class-transformer's rules are kept where its own executor reads them (the package exports no accessor)
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: TransformerMetadata;
};

type Dto = new () => object;
type Condition = (object: object, value: unknown) => boolean;
type Transform = (params: TransformFnParams) => unknown;

interface Check {
  validateIf?: Condition;
  constraints: unknown[];
  validators: { validate(value: unknown, args: ValidationArguments): unknown }[];
}

interface PropertyRules {
  name: string;
  conditions: Condition[];
  /** IsDefined's checks first, as class-validator runs them, then the others in declaration order. */
  checks: Check[];
  definedChecks: number;
  transforms: Transform[];
}

/** What the compiled rules make of a body: the DTO instance, or undefined when the full path must say why not. */
export type CompiledRules = (plain: Record<string, unknown>) => object | undefined;

const compiled = new WeakMap<Dto, CompiledRules | null>();

/**
 * A DTO's class-validator and class-transformer rules read once into one function (ContractValidationPipe's fast
 * path): on a body they accept it builds the instance the full path builds, without regrouping the metadata and
 * making an error object per property on every request (a quarter of what a start-call allocated). It only says yes:
 * a body any rule refuses, and a rule it does not model (nested DTOs, `each`, groups, async validators, @Type,
 * @Expose, @Exclude), goes the full path, which words the refusal. Nested plain values are passed on as parsed,
 * where the full path passes a deep copy (equal, after the same prototype-key stripping).
 */
export function compiledRules(dto: Dto): CompiledRules | null {
  let rules = compiled.get(dto);
  if (rules === undefined) {
    rules = compile(dto);
    compiled.set(dto, rules);
  }
  return rules;
}

function compile(dto: Dto): CompiledRules | null {
  const storage = getMetadataStorage();
  const metadatas = storage.getTargetValidationMetadatas(dto, '', false, false, undefined);
  if (metadatas.length === 0 || transformerRulesOutOfReach(dto, metadatas)) return null;
  const properties = new Map<string, PropertyRules>();
  for (const m of metadatas) {
    if (m.groups?.length || m.always || m.each) return null;
    let property = properties.get(m.propertyName);
    if (!property) {
      const transforms = defaultMetadataStorage.findTransformMetadatas(
        dto,
        m.propertyName,
        TransformationType.PLAIN_TO_CLASS,
      );
      const versioned = (t: (typeof transforms)[number]) =>
        t.options?.groups?.length || t.options?.since !== undefined || t.options?.until !== undefined;
      if (transforms.some(versioned)) return null;
      const transformFns = transforms.map((t) => t.transformFn);
      property = { name: m.propertyName, conditions: [], checks: [], definedChecks: 0, transforms: transformFns };
      properties.set(m.propertyName, property);
    }
    if (m.type === ValidationTypes.CONDITIONAL_VALIDATION) property.conditions.push(m.constraints[0] as Condition);
    else if (m.type === ValidationTypes.CUSTOM_VALIDATION || m.type === ValidationTypes.IS_DEFINED) {
      const constraints = storage.getTargetValidatorConstraints(m.constraintCls);
      if (constraints.some((c) => c.async)) return null;
      const check: Check = {
        validateIf: m.validateIf,
        constraints: m.constraints,
        validators: constraints.map((c) => c.instance),
      };
      if (m.type === ValidationTypes.IS_DEFINED) property.checks.splice(property.definedChecks++, 0, check);
      else property.checks.push(check);
    } else if (m.type !== ValidationTypes.WHITELIST) return null;
  }
  return build(dto, properties);
}

/** class-transformer decorators other than a plain @Transform change which keys and types arrive. */
function transformerRulesOutOfReach(dto: Dto, rules: { propertyName: string }[]): boolean {
  const storage = defaultMetadataStorage;
  if (storage.getStrategy(dto) !== 'none') return true;
  if (storage.getExposedMetadatas(dto).length || storage.getExcludedMetadatas(dto).length) return true;
  return rules.some((rule) => storage.findTypeMetadata(dto, rule.propertyName) !== undefined);
}

function build(dto: Dto, properties: Map<string, PropertyRules>): CompiledRules {
  const list = [...properties.values()];
  return (plain) => {
    // as class-transformer builds it: the class's fields, then each key sent (transformed); whitelisting then drops
    // every key without a rule
    const entity = new dto() as Record<string, unknown>;
    for (const key of Object.keys(plain)) {
      const property = properties.get(key);
      if (!property) continue;
      let value = plain[key];
      if (property.transforms.length) {
        // class-transformer hands a transform its own copy of an object value: the full path does that
        if (value !== null && typeof value === 'object') return undefined;
        for (const transform of property.transforms) {
          value = transform({ value, key, obj: plain, type: TransformationType.PLAIN_TO_CLASS, options: {} });
        }
      }
      entity[key] = value;
    }
    for (const key of Object.keys(entity)) if (!properties.has(key)) delete entity[key];
    for (const property of list) {
      const value = entity[property.name];
      if (!property.conditions.every((condition) => condition(entity, value))) continue;
      for (const check of property.checks) {
        if (check.validateIf && !check.validateIf(entity, value)) continue;
        const { constraints } = check;
        const args = { targetName: dto.name, property: property.name, object: entity, value, constraints };
        for (const validator of check.validators) {
          const valid = validator.validate(value, args);
          if (!valid || valid instanceof Promise) return undefined;
        }
      }
    }
    return entity;
  };
}
