import { describe, expect, it } from 'vitest';
import { checkPasswordRules, isPasswordValid, PASSWORD_RULES } from './password-field';

describe('password rules', () => {
  it('lists the five rules of the specification', () => {
    expect(PASSWORD_RULES.map((rule) => rule.id)).toEqual([
      'minLength',
      'upperCase',
      'lowerCase',
      'digit',
      'special',
    ]);
  });

  it('checks each rule separately', () => {
    expect(checkPasswordRules('')).toEqual({
      minLength: false,
      upperCase: false,
      lowerCase: false,
      digit: false,
      special: false,
    });
    expect(checkPasswordRules('abcdefgh')).toMatchObject({
      minLength: true,
      lowerCase: true,
      upperCase: false,
    });
    expect(checkPasswordRules('Ä1!')).toEqual({
      minLength: false,
      upperCase: true,
      lowerCase: false,
      digit: true,
      special: true,
    });
  });

  it('accepts a password that meets every rule', () => {
    expect(isPasswordValid('Fahrschule1!')).toBe(true);
    expect(isPasswordValid('Fahrschule1')).toBe(false);
    expect(isPasswordValid('Fa1!')).toBe(false);
    expect(isPasswordValid('fahrschule1!')).toBe(false);
  });

  it('does not count a space as a special character', () => {
    expect(checkPasswordRules('Abc defg1').special).toBe(false);
  });
});
