/**
 * Form validation from the spec: required fields, length and range limits and patterns come from
 * the generated `formMeta.gen.ts`, never re-typed. The validators are plain functions returning a
 * translation key with its arguments, so the shell's forms and react-admin inputs (which accept
 * `{ message, args }`) share them.
 */
import { enums, models } from './formMeta.gen';

type Models = typeof models;
export type ModelName = keyof Models;
export type FieldName<M extends ModelName> = keyof Models[M]['fields'] & string;

export type ValidationKey =
  | 'validation.required'
  | 'validation.min_length'
  | 'validation.max_length'
  | 'validation.minimum'
  | 'validation.maximum'
  | 'validation.above'
  | 'validation.below'
  | 'validation.pattern'
  | 'validation.not_blank'
  | 'validation.password'
  | 'validation.email'
  | 'validation.phone'
  | 'validation.mismatch';

export interface ValidationMessage {
  message: ValidationKey;
  args?: Record<string, number | string>;
}

export type Validator = (value: unknown) => ValidationMessage | undefined;

interface FieldMeta {
  type?: string;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
}

/** Human messages for the spec's patterns, keyed by the pattern text found in formMeta. */
const PATTERN_MESSAGES = new Map<string, ValidationKey>([
  [models.RegisterModel.fields.userName.pattern, 'validation.not_blank'],
  [models.RegisterModel.fields.password.pattern, 'validation.password'],
  [models.RegisterModel.fields.email.pattern, 'validation.email'],
  [models.ProfileUpdateModel.fields.phone.pattern, 'validation.phone'],
]);

export function fieldMeta<M extends ModelName>(model: M, field: FieldName<M>): FieldMeta {
  const fields = models[model].fields as Record<string, FieldMeta>;
  const meta = fields[field];
  if (!meta) throw new Error(`formMeta has no field ${model}.${field}`);
  return meta;
}

export function isRequired<M extends ModelName>(model: M, field: FieldName<M>): boolean {
  return (models[model].required as readonly string[]).includes(field);
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The validator of one field of a request model. Empty optional fields pass (forms send them as
 * `null`, which the API reads as "leave unchanged").
 */
export function fieldValidator<M extends ModelName>(
  model: M,
  field: FieldName<M>,
  options: { required?: boolean } = {},
): Validator {
  const meta = fieldMeta(model, field);
  const required = options.required ?? isRequired(model, field);
  const pattern = meta.pattern === undefined ? undefined : new RegExp(meta.pattern);
  return (value): ValidationMessage | undefined => {
    if (isEmpty(value)) return required ? { message: 'validation.required' } : undefined;
    if (typeof value === 'string') {
      if (meta.minLength !== undefined && value.length < meta.minLength)
        return { message: 'validation.min_length', args: { min: meta.minLength } };
      if (meta.maxLength !== undefined && value.length > meta.maxLength)
        return { message: 'validation.max_length', args: { max: meta.maxLength } };
      if (pattern && meta.pattern !== undefined && !pattern.test(value))
        return { message: PATTERN_MESSAGES.get(meta.pattern) ?? 'validation.pattern' };
    }
    if (typeof value === 'number') {
      if (meta.minimum !== undefined && value < meta.minimum)
        return { message: 'validation.minimum', args: { min: meta.minimum } };
      if (meta.maximum !== undefined && value > meta.maximum)
        return { message: 'validation.maximum', args: { max: meta.maximum } };
      if (meta.exclusiveMinimum !== undefined && value <= meta.exclusiveMinimum)
        return { message: 'validation.above', args: { min: meta.exclusiveMinimum } };
      if (meta.exclusiveMaximum !== undefined && value >= meta.exclusiveMaximum)
        return { message: 'validation.below', args: { max: meta.exclusiveMaximum } };
    }
    return undefined;
  };
}

/** Validators of every field of a model, by field name. */
export function modelValidators<M extends ModelName>(model: M): Record<FieldName<M>, Validator> {
  const out = {} as Record<FieldName<M>, Validator>;
  for (const field of Object.keys(models[model].fields) as FieldName<M>[]) {
    out[field] = fieldValidator(model, field);
  }
  return out;
}

/** A "repeat the value" check, e.g. the second password box. */
export const sameAs =
  (other: () => unknown): Validator =>
  (value) =>
    value === other() ? undefined : { message: 'validation.mismatch' };

/** Runs validators in order and returns the first failure. */
export const combine =
  (...validators: Validator[]): Validator =>
  (value) => {
    for (const validate of validators) {
      const failure = validate(value);
      if (failure) return failure;
    }
    return undefined;
  };

/** The spec's enum values, for select inputs. */
export const enumChoices = <E extends keyof typeof enums>(name: E): (typeof enums)[E] =>
  enums[name];

/** The largest length the spec allows for a field, for `maxLength` attributes. */
export const maxLengthOf = <M extends ModelName>(model: M, field: FieldName<M>) =>
  fieldMeta(model, field).maxLength;
