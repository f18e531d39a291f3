import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import type { ValidationMessage } from '@/api/validation';
import { useForm } from './useForm';

const required = (value: string): ValidationMessage | undefined =>
  value ? undefined : ({ message: 'validation.required' } as ValidationMessage);
const change = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe('useForm', () => {
  it('says nothing when an untouched field is left, so the page does not move under the pointer', () => {
    const { result } = renderHook(() => useForm({ userName: '' }, { userName: required }));
    act(() => result.current.field('userName').onBlur());
    expect(result.current.field('userName').error).toBe(false);
  });

  it('shows the error once the field was edited and left', () => {
    const { result } = renderHook(() => useForm({ userName: '' }, { userName: required }));
    act(() => result.current.field('userName').onChange(change('a')));
    act(() => result.current.field('userName').onChange(change('')));
    act(() => result.current.field('userName').onBlur());
    expect(result.current.field('userName').error).toBe(true);
  });

  it('shows every error after a submit attempt', () => {
    const { result } = renderHook(() => useForm({ userName: '' }, { userName: required }));
    let valid = true;
    act(() => {
      valid = result.current.validate();
    });
    expect(valid).toBe(false);
    expect(result.current.field('userName').error).toBe(true);
  });
});
