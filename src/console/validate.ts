/**
 * The spec's validators (api/validation.ts) in react-admin's validator shape.
 */
import type { Validator as RaValidator } from 'react-admin';
import { fieldValidator, type FieldName, type ModelName, type Validator } from '@/api/validation';

export const toRaValidator =
  (validate: Validator): RaValidator =>
  (value: unknown) => {
    const failure = validate(value);
    return failure && { message: failure.message, args: failure.args ?? {} };
  };

/**
 * react-admin validator of one field of a request model, from formMeta. A required one carries
 * react-admin's `isRequired` mark, so the input's label shows the required asterisk.
 */
export const specValidator = <M extends ModelName>(
  model: M,
  field: FieldName<M>,
  options?: { required?: boolean },
): RaValidator => {
  const validator = toRaValidator(fieldValidator(model, field, options));
  return options?.required ? Object.assign(validator, { isRequired: true }) : validator;
};
