import { getMetadataStorage, ValidationArguments, ValidationTypes, ValidatorConstraintInterface, ValidatorOptions } from 'class-validator';

/**
 * Answers true only for a DTO instance class-validator would accept with the given options; built
 * once per DTO from the DTO's own class-validator decorators, so there is one definition of each rule.
 */
export type PlainBodyCheck = (dto: object) => boolean;

interface Rule {
  readonly validator: ValidatorConstraintInterface;
  /** Reused for every call (the check is synchronous): no allocation per body. */
  readonly args: ValidationArguments;
}

interface PropertyRules {
  readonly name: string;
  /** `@IsOptional()`, `@ValidateIf(...)`: the property is validated only when all of them hold. */
  readonly conditions: ReadonlyArray<(object: object, value: unknown) => boolean>;
  readonly rules: readonly Rule[];
}

const UNSUPPORTED_OPTIONS = [
  'skipMissingProperties',
  'skipNullProperties',
  'skipUndefinedProperties',
  'groups',
  'always',
  'strictGroups',
] as const;

/**
 * Compiles `target`'s class-validator metadata into a synchronous check that runs what
 * `validate(instance, options)` would run (the same conditions and the same constraint instances'
 * `validate`, with the same arguments) without building `ValidationError`s, promises or messages.
 *
 * What it cannot run exactly it refuses at start-up, so a DTO cannot silently get a weaker check:
 * nested or promise validation, `each`, async constraints, groups, and options other than
 * whitelisting with unknown fields refused. Stricter than class-validator in one place only: an own
 * field of the body must be a decorated property (class-validator's whitelist also lets keys named
 * like `Object.prototype` members through); the caller sends any body it refuses down the full path.
 */
export function compilePlainBodyCheck(target: new () => object, options: ValidatorOptions): PlainBodyCheck {
  const fail = (why: string): never => {
    throw new Error(`@PlainBody on ${target.name}: ${why}`);
  };
  if (!options.whitelist || !options.forbidNonWhitelisted)
    fail('the validation must refuse unknown fields (whitelist, forbidNonWhitelisted)');
  for (const option of UNSUPPORTED_OPTIONS)
    if (options[option] !== undefined && options[option] !== false) fail(`option ${option} is not supported`);

  const storage = getMetadataStorage();
  // The same selection ValidationExecutor makes for these options (no groups, not strict, not always).
  const grouped = storage.groupByPropertyName(storage.getTargetValidationMetadatas(target, '', false, false, undefined));
  const names = Object.keys(grouped);
  if (names.length === 0) fail('the class has no validation decorators');

  const properties: PropertyRules[] = names.map((name) => {
    const conditions: Array<(object: object, value: unknown) => boolean> = [];
    const rules: Rule[] = [];
    for (const metadata of grouped[name]) {
      switch (metadata.type) {
        case ValidationTypes.WHITELIST:
          break;
        case ValidationTypes.CONDITIONAL_VALIDATION:
          conditions.push(metadata.constraints[0] as (object: object, value: unknown) => boolean);
          break;
        case ValidationTypes.CUSTOM_VALIDATION:
        case ValidationTypes.IS_DEFINED:
          if (metadata.each) fail(`${name}: "each" validation is not supported`);
          for (const constraint of storage.getTargetValidatorConstraints(metadata.constraintCls)) {
            if (constraint.async) fail(`${name}: the async constraint ${constraint.name} is not supported`);
            rules.push({
              validator: constraint.instance,
              args: { targetName: target.name, property: name, object: {}, value: undefined, constraints: metadata.constraints },
            });
          }
          break;
        default:
          fail(`${name}: ${metadata.type} validation is not supported`);
      }
    }
    return { name, conditions, rules };
  });
  const known: ReadonlySet<string> = new Set(names);

  const cleared: object = {};
  return (dto) => {
    for (const key of Object.keys(dto)) if (!known.has(key)) return false;
    const object = dto as Record<string, unknown>;
    for (const property of properties) {
      const value = object[property.name];
      let validated = true;
      for (const condition of property.conditions) if (!condition(object, value)) validated = false;
      if (!validated) continue;
      for (const rule of property.rules) {
        rule.args.object = object;
        rule.args.value = value;
        const verdict: unknown = rule.validator.validate(value, rule.args);
        rule.args.object = cleared;
        rule.args.value = undefined;
        // A promise (an undeclared async constraint) is left to class-validator, which awaits it.
        if (!verdict || typeof verdict === 'object') return false;
      }
    }
    return true;
  };
}
