import { describe, expect, it } from 'vitest';
import { contract } from '../../test/test-app';
import { satisfiesPasswordRule } from './password-rule';
import { PERMISSION_KEYS } from './permission-keys';

describe('permission keys', () => {
  it('are exactly the contract’s PermissionKey enum, in its order', () => {
    const schemas = (contract().components as { schemas: Record<string, { enum?: string[] }> })
      .schemas;
    expect(PERMISSION_KEYS).toEqual(schemas.PermissionKey?.enum);
  });
});

describe('password rule', () => {
  it.each([
    ['Demo#Inhaber1', true],
    ['Übung#2024x', true],
    ['Kurz#1a', false],
    ['ohnegross#1', false],
    ['OHNEKLEIN#1', false],
    ['OhneZiffer#', false],
    ['OhneSonder1', false],
  ])('%s → %s', (password, expected) => {
    expect(satisfiesPasswordRule(password)).toBe(expected);
  });
});
