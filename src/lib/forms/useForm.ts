/**
 * A small controlled-form helper for the shell's pages (the console uses react-admin's forms).
 * Validators come from `api/validation.ts`; errors show once a field was edited and left, or
 * the form was submitted. Leaving a field untouched says nothing: a message appearing on blur would
 * move the page under the pointer (e.g. the "Forgot your password?" link below the form).
 */
import { useCallback, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValidationMessage } from '@/api/validation';

export type FormValues = Record<string, string>;
export type FormValidator<V extends FormValues> = (
  value: string,
  values: V,
) => ValidationMessage | undefined;

export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  error: boolean;
  helperText: string | undefined;
}

export function useForm<V extends FormValues>(
  initial: V,
  validators: Partial<Record<keyof V, FormValidator<V>>>,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [edited, setEdited] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const errorOf = useCallback(
    (name: keyof V) => validators[name]?.(values[name], values),
    [validators, values],
  );

  const field = (name: keyof V & string, helperText?: string): FieldProps => {
    const failure = touched[name] || submitted ? errorOf(name) : undefined;
    return {
      name,
      value: values[name],
      onChange: (event) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
        setEdited((current) => (current[name] ? current : { ...current, [name]: true }));
      },
      onBlur: () => {
        if (edited[name]) setTouched((current) => ({ ...current, [name]: true }));
      },
      error: failure !== undefined,
      helperText: failure ? t(failure.message, failure.args) : helperText,
    };
  };

  /** Marks the form submitted and tells whether every field is valid. */
  const validate = (): boolean => {
    setSubmitted(true);
    return (Object.keys(values) as (keyof V)[]).every((name) => errorOf(name) === undefined);
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setTouched({});
    setEdited({});
    setSubmitted(false);
  };

  return { values, setValues, field, validate, reset };
}

/** A text field's value for an optional API string: empty means "not given". */
export const optional = (value: string): string | null => (value.trim() === '' ? null : value);
