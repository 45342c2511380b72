import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionKey, RolePermission, Schemas, User } from '../../http/contract-types';

type Role = Schemas['Role'];

import { startSmtpSink } from '../../test/smtp-sink';
import {
  contract,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  useTestApp,
} from '../../test/test-app';
import { PERMISSION_KEYS } from '../session/permission-keys';

/**
 * For every permission key a call that needs it. Write calls are sent with an empty body:
 * a caller who may make them gets past the permission check to the body validation (422),
 * so nothing changes. MODULE_REPORTS_WRITE and MODULE_ACCOUNTING_WRITE guard no call of
 * the contract (no report or accounting call writes); the test below proves it, so a call
 * added later with one of them must join this table.
 */
const REPRESENTATIVE: Record<PermissionKey, { method: 'GET' | 'POST'; path: string } | null> = {
  MODULE_COMMUNICATION: { method: 'GET', path: '/emails/count-unread' },
  MODULE_COMMUNICATION_WRITE: { method: 'POST', path: '/email-templates' },
  MODULE_TASK: { method: 'GET', path: '/task-statuses' },
  MODULE_TASK_WRITE: { method: 'POST', path: '/todos' },
  MODULE_CUSTOMERS: { method: 'GET', path: '/students/all-with-email' },
  MODULE_CUSTOMERS_WRITE: { method: 'POST', path: '/students' },
  MODULE_COST_BEARERS: { method: 'GET', path: '/cost-bearers' },
  MODULE_COST_BEARERS_WRITE: { method: 'POST', path: '/cost-bearers' },
  MODULE_TIME_PLANNER: { method: 'POST', path: '/appointments/filter' },
  MODULE_TIME_PLANNER_WRITE: { method: 'POST', path: '/appointments' },
  MODULE_THEORY: { method: 'GET', path: '/theory-courses' },
  MODULE_THEORY_WRITE: { method: 'POST', path: '/theory-courses' },
  MODULE_EXAM: { method: 'GET', path: '/theory-exams' },
  MODULE_EXAM_WRITE: { method: 'POST', path: '/theory-exams' },
  MODULE_REPORTS: { method: 'POST', path: '/reports/payments-per-driving-school' },
  MODULE_REPORTS_WRITE: null,
  MODULE_AUTOMATIC_PAYMENTS: { method: 'POST', path: '/payments/filter' },
  MODULE_AUTOMATIC_PAYMENTS_WRITE: { method: 'POST', path: '/automatic-payment-triggers' },
  MODULE_ACCOUNTING: { method: 'POST', path: '/accounting/datev-export' },
  MODULE_ACCOUNTING_WRITE: null,
  MODULE_COMPANY: { method: 'POST', path: '/roles/filter' },
  MODULE_COMPANY_WRITE: { method: 'POST', path: '/roles' },
  MODULE_PAYMENT_WRITE: { method: 'POST', path: '/payments' },
};

type Operation = { 'x-permissions'?: PermissionKey[] };
const operations = () =>
  Object.entries(contract().paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        permissions: operation['x-permissions'] ?? [],
      })),
  );
const requiredBy = (method: string, path: string): PermissionKey[] => {
  const found = operations().find((op) => op.method === method && op.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the contract.`);
  return found.permissions;
};

describe.each(DRIVERS)('roles on %s', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    return () => smtp.close();
  });
  const t = useTestApp(driver, { env: () => ({ SMTP_URL: smtp.url }) });
  let owner: string;
  let office: string;

  // biome-ignore lint/suspicious/noDuplicateTestHooks: the SMTP sink starts before useTestApp's hook, signing in needs the app after it
  beforeAll(async () => {
    [owner, office] = await Promise.all([
      t.signIn(DEMO_OWNER.email, DEMO_OWNER.password),
      t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password),
    ]);
  });

  const setPermissions = (roleId: number, allowed: readonly PermissionKey[]) =>
    t.call<Role>('PUT', `/roles/${roleId}/permissions`, {
      token: owner,
      body: {
        permissions: PERMISSION_KEYS.map((permission) => ({
          permission,
          allow: allowed.includes(permission),
        })),
      },
    });

  /** A new role of its own and a user holding it, signed in through the invitation mail. */
  async function userWithNewRole(name: string, email: string) {
    const role = await t.call<Role>('POST', '/roles', {
      token: owner,
      body: { name, type: 'STAFF', generalAccess: true, sidebarAccess: true },
    });
    expect(role.status, role.raw).toBe(201);
    const created = await t.call<User>('POST', '/users', {
      token: owner,
      body: {
        firstName: 'Rita',
        lastName: name,
        email,
        roleIds: [role.body.id],
        studentVisibility: 'ALL',
      },
    });
    expect(created.status, created.raw).toBe(201);
    const mail = await smtp.next();
    const token = /reset-password\?token=(\S+)/.exec(mail.text)?.[1] as string;
    const password = 'Rollen#Test1';
    const set = await t.call('POST', '/set-fsc-user-password', {
      query: { passwordToken: decodeURIComponent(token), rawPassword: password },
    });
    expect(set.status, set.raw).toBe(204);
    return {
      roleId: role.body.id,
      userId: created.body.id,
      token: await t.signIn(email, password),
    };
  }

  describe('permission enforcement', () => {
    it('lists a call for every key, and the call needs that key', () => {
      expect(Object.keys(REPRESENTATIVE).sort()).toEqual([...PERMISSION_KEYS].sort());
      for (const [key, call] of Object.entries(REPRESENTATIVE)) {
        if (call) expect(requiredBy(call.method, call.path), key).toContain(key);
      }
    });

    it('keys without a representative guard no call of the contract', () => {
      const unguarding = Object.entries(REPRESENTATIVE)
        .filter(([, call]) => call === null)
        .map(([key]) => key);
      for (const op of operations()) {
        for (const key of unguarding) {
          expect(op.permissions, `${op.method} ${op.path}`).not.toContain(key);
        }
      }
    });

    it('refuses every call whose key the role lacks and lets it through with the key, on the next request', async () => {
      const tester = await userWithNewRole('Prüfrolle', 'pruefrolle@sonnenschein.test');
      for (const [key, call] of Object.entries(REPRESENTATIVE) as [
        PermissionKey,
        (typeof REPRESENTATIVE)[PermissionKey],
      ][]) {
        if (!call) continue;
        const needed = requiredBy(call.method, call.path);
        const send = () =>
          t.call(call.method, call.path, {
            token: tester.token,
            ...(call.method === 'POST' ? { body: {} } : {}),
          });

        expect((await setPermissions(tester.roleId, needed)).status).toBe(200);
        const allowed = await send();
        expect([401, 403, 501], `${key}: ${call.method} ${call.path} ${allowed.raw}`).not.toContain(
          allowed.status,
        );

        const without = needed.filter((permission) => permission !== key);
        expect((await setPermissions(tester.roleId, without)).status).toBe(200);
        expectError(await send(), 403, 'errors.forbidden');
      }
    });

    it('a changed role shows in the permissions read at the next sign-in', async () => {
      const tester = await userWithNewRole('Leserolle', 'leserolle@sonnenschein.test');
      await setPermissions(tester.roleId, ['MODULE_CUSTOMERS']);
      const read = async () => {
        const response = await t.call<RolePermission[]>('GET', '/roles/permissions', {
          token: tester.token,
          query: { drivingSchoolId: t.demo.schoolId, roleId: tester.roleId },
        });
        expect(response.status, response.raw).toBe(200);
        return response.body.filter((entry) => entry.allow).map((entry) => entry.permission);
      };
      expect(await read()).toEqual(['MODULE_CUSTOMERS']);
      await setPermissions(tester.roleId, ['MODULE_TASK', 'MODULE_TASK_WRITE']);
      expect(await read()).toEqual(['MODULE_TASK', 'MODULE_TASK_WRITE']);
    });
  });

  describe('the owner role', () => {
    const ownerRoleId = () => t.demo.roleIds.Inhaber as number;

    it('keeps every permission whatever the editor sends', async () => {
      const response = await setPermissions(ownerRoleId(), []);
      expect(response.status, response.raw).toBe(200);
      expect(response.body.permissions.every((entry) => entry.allow)).toBe(true);
      expect(response.body.permissions).toHaveLength(PERMISSION_KEYS.length);
      // Still usable: the owner reaches a company write call's validation.
      expectError(
        await t.call('POST', '/roles', { token: owner, body: {} }),
        422,
        'errors.validation',
      );
    });

    it('cannot be deleted', async () => {
      const response = await t.call('DELETE', `/roles/${ownerRoleId()}`, { token: owner });
      expect(response.status, response.raw).toBe(422);
      const role = await t.call<Role>('GET', `/roles/${ownerRoleId()}`, { token: owner });
      expect(role.status).toBe(200);
    });

    it('the last owner role keeps its type', async () => {
      const body = expectError(
        await t.call('PUT', `/roles/${ownerRoleId()}`, {
          token: owner,
          body: { name: 'Inhaber', type: 'STAFF', generalAccess: true, sidebarAccess: true },
        }),
        422,
        'errors.validation',
      );
      expect(body.fieldErrors).toEqual([{ field: 'type', error: 'validation.last_owner_role' }]);
    });

    it('the last owner keeps the owner role', async () => {
      const body = expectError(
        await t.call('PUT', `/users/${t.demo.userIds[DEMO_OWNER.email]}/roles`, {
          token: owner,
          body: { roleIds: [t.demo.roleIds.Büro] },
        }),
        422,
        'errors.validation',
      );
      expect(body.fieldErrors).toEqual([{ field: 'roleIds', error: 'validation.last_owner' }]);
    });
  });

  describe('roles editor calls', () => {
    it('creates a role that allows nothing, edits it and deletes it while unused', async () => {
      const created = await t.call<Role>('POST', '/roles', {
        token: owner,
        body: {
          name: 'Aushilfe',
          type: 'STAFF',
          description: 'Nur Aufgaben',
          generalAccess: true,
          sidebarAccess: false,
        },
      });
      expect(created.status, created.raw).toBe(201);
      expect(created.body.permissions.some((entry) => entry.allow)).toBe(false);
      expect(created.body.userCount).toBe(0);

      const permitted = await setPermissions(created.body.id, ['MODULE_TASK']);
      expect(
        permitted.body.permissions.filter((entry) => entry.allow).map((entry) => entry.permission),
      ).toEqual(['MODULE_TASK']);

      const duplicate = expectError(
        await t.call('POST', '/roles', {
          token: owner,
          body: { name: 'Aushilfe', type: 'STAFF', generalAccess: true, sidebarAccess: true },
        }),
        422,
        'errors.validation',
      );
      expect(duplicate.fieldErrors).toEqual([{ field: 'name', error: 'validation.name_in_use' }]);

      const removed = await t.call('DELETE', `/roles/${created.body.id}`, { token: owner });
      expect(removed.status, removed.raw).toBe(204);
    });

    it('refuses a key given twice', async () => {
      const body = expectError(
        await t.call('PUT', `/roles/${t.demo.roleIds.Büro}/permissions`, {
          token: owner,
          body: {
            permissions: [
              { permission: 'MODULE_TASK', allow: true },
              { permission: 'MODULE_TASK', allow: false },
            ],
          },
        }),
        422,
        'errors.validation',
      );
      expect(body.fieldErrors).toEqual([
        { field: 'permissions.1.permission', error: 'validation.duplicate' },
      ]);
    });

    it('needs company write to change roles: the office gets 403', async () => {
      expectError(
        await t.call('PUT', `/roles/${t.demo.roleIds.Büro}/permissions`, {
          token: office,
          body: { permissions: [] },
        }),
        403,
        'errors.forbidden',
      );
    });
  });
});
