import { describe, expect, it } from 'vitest';
import { models } from './formMeta.gen';
import {
  combine,
  enumChoices,
  fieldValidator,
  isRequired,
  maxLengthOf,
  sameAs,
} from './validation';

describe('validators from formMeta', () => {
  it('use the required list of the model', () => {
    expect(isRequired('RegisterModel', 'userName')).toBe(true);
    expect(isRequired('ProfileUpdateModel', 'userName')).toBe(false);
    expect(fieldValidator('RegisterModel', 'email')('')).toEqual({
      message: 'validation.required',
    });
    expect(fieldValidator('ProfileUpdateModel', 'phone')('')).toBeUndefined();
  });

  it('take exclusive bounds from the spec (difficulty must be above 0)', () => {
    const difficulty = fieldValidator('ChallengeUpdateModel', 'difficulty');
    expect(difficulty(0)).toEqual({ message: 'validation.above', args: { min: 0 } });
    expect(difficulty(0.5)).toBeUndefined();
  });

  it('take length limits from the spec', () => {
    const userName = fieldValidator('RegisterModel', 'userName');
    expect(userName('ab')).toEqual({ message: 'validation.min_length', args: { min: 3 } });
    expect(userName('a'.repeat(16))).toEqual({
      message: 'validation.max_length',
      args: { max: 15 },
    });
    expect(userName('abc')).toBeUndefined();
    expect(maxLengthOf('RegisterModel', 'userName')).toBe(
      models.RegisterModel.fields.userName.maxLength,
    );
  });

  it("name the spec's patterns", () => {
    expect(fieldValidator('RegisterModel', 'userName')('   ')).toEqual({
      message: 'validation.not_blank',
    });
    expect(fieldValidator('RegisterModel', 'password')('password1')).toEqual({
      message: 'validation.password',
    });
    expect(fieldValidator('RegisterModel', 'password')('Passw0rd')).toBeUndefined();
    expect(fieldValidator('RegisterModel', 'email')('a@b@c')).toEqual({
      message: 'validation.email',
    });
    expect(fieldValidator('ProfileUpdateModel', 'phone')('+1 (555) 010 x12')).toBeUndefined();
    expect(fieldValidator('ProfileUpdateModel', 'phone')('nope')).toEqual({
      message: 'validation.phone',
    });
  });

  it('check numeric ranges', () => {
    const lifetime = fieldValidator('ContainerPolicy', 'defaultLifetime');
    expect(lifetime(0)).toEqual({ message: 'validation.minimum', args: { min: 1 } });
    expect(lifetime(7201)).toEqual({ message: 'validation.maximum', args: { max: 7200 } });
  });

  it('combine with a repeat check', () => {
    const password = 'Passw0rd';
    const again = combine(
      fieldValidator('RegisterModel', 'password'),
      sameAs(() => password),
    );
    expect(again('Passw0rD')).toEqual({ message: 'validation.mismatch' });
    expect(again('Passw0rd')).toBeUndefined();
  });

  it('give enum choices from the spec', () => {
    expect(enumChoices('Role')).toEqual(['Banned', 'User', 'Monitor', 'Admin']);
  });
});
