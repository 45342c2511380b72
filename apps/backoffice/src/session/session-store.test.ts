import type { TokenResponse } from '@fahrwerk/api';
import { readListFilter, writeListFilter } from '@fahrwerk/core';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { readTokenInfo, SessionStore, STORAGE_KEYS } from './session-store';

function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

const response: TokenResponse = {
  token: fakeToken({ sub: '7', drivingSchoolId: 3, roleId: 5, exp: Date.now() / 1000 + 3600 }),
  instructor: {
    id: 7,
    drivingSchoolId: 3,
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'inhaber@fahrschule-demo.de',
    roleIds: [5, 6],
    roleNames: ['Inhaber', 'Fahrlehrer'],
    studentVisibility: 'ALL',
    archived: false,
  },
  userSettings: { language: 'de', sidebarCollapsed: false },
};

describe('SessionStore', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  test('reads school and role from the token', () => {
    expect(readTokenInfo(response.token)).toMatchObject({ drivingSchoolId: 3, roleId: 5 });
  });

  test('sign-in stores token, settings and encrypted user and permissions', async () => {
    const store = new SessionStore();
    const loadPermissions = vi.fn(async () => ['MODULE_CUSTOMERS' as const]);
    await store.signIn(response, loadPermissions);
    expect(loadPermissions).toHaveBeenCalledWith(
      expect.objectContaining({ drivingSchoolId: 3, roleId: 5 }),
      response.token,
    );
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe(response.token);
    const secure = sessionStorage.getItem(STORAGE_KEYS.secure) ?? '';
    expect(secure).not.toContain('Erika');
    expect(secure).not.toContain('MODULE_CUSTOMERS');
    expect(store.currentRole).toBe('Inhaber');
    expect(sessionStorage.getItem(STORAGE_KEYS.lang)).toBe('de');
  });

  test('a new store in the same tab restores the session', async () => {
    await new SessionStore().signIn(response, async () => ['MODULE_COMPANY']);
    const restored = await new SessionStore().restore();
    expect(restored?.user.firstName).toBe('Erika');
    expect(restored?.permissions).toEqual(['MODULE_COMPANY']);
  });

  test('tampered storage drops the session', async () => {
    await new SessionStore().signIn(response, async () => []);
    sessionStorage.setItem(STORAGE_KEYS.secure, 'AAAA.BBBB');
    expect(await new SessionStore().restore()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  test('an expired token is not restored', async () => {
    const expired = { ...response, token: fakeToken({ drivingSchoolId: 3, roleId: 5, exp: 1 }) };
    await new SessionStore().signIn(expired, async () => []);
    expect(await new SessionStore().restore()).toBeNull();
  });

  test('sign-out clears user, token and every list filter', async () => {
    const store = new SessionStore();
    await store.signIn(response, async () => []);
    writeListFilter('vehicle', { search: 'Golf' });
    writeListFilter('todo', { status: 'OPEN' });
    store.signOut();
    expect(store.current).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.secure)).toBeNull();
    expect(readListFilter('vehicle')).toBeNull();
    expect(readListFilter('todo')).toBeNull();
  });
});
