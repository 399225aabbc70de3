import { registerDecorator } from 'class-validator';

/**
 * A validation with exactly one message for whatever is wrong: stacked class-validator decorators would report
 * 'required' and 'too short' together for a missing text.
 */
export function Rule(name: string, problem: (value: unknown) => string | null): PropertyDecorator {
  return (target, propertyName) => registerDecorator({
    name, target: target.constructor, propertyName: String(propertyName),
    validator: { validate: (value: unknown) => problem(value) === null, defaultMessage: (args) => problem(args?.value) ?? '' },
  });
}
