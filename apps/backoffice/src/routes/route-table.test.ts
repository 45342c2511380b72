import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSION_KEYS } from '@fahrwerk/api';
import { expect, test } from 'vitest';
import { safeRedirect } from '../app-context';
import deTexts from '../i18n/de.json';
import enTexts from '../i18n/en.json';
import { loadScreen, type ScreenFor } from '../screens/screens';
import { permissionsOf, SIDEBAR, visibleSidebar } from '../shell/sidebar-items';
import { BUILT_PAGE_PATHS, findRoute, ROUTES, tabContextOf, toRouterPath } from './route-table';

function lookup(texts: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
}

test('paths are unique and every permission is a key of the contract', () => {
  const paths = ROUTES.map((route) => route.path);
  expect(new Set(paths).size).toBe(paths.length);
  for (const route of ROUTES) {
    for (const key of route.permissions) expect(PERMISSION_KEYS).toContain(key);
  }
});

test('the permissions of spec 000 §2', () => {
  expect(findRoute('/')?.permissions).toEqual([]);
  expect(findRoute('/students')?.permissions).toEqual(['MODULE_CUSTOMERS']);
  expect(findRoute('/students/create')?.permissions).toEqual([
    'MODULE_CUSTOMERS',
    'MODULE_CUSTOMERS_WRITE',
  ]);
  expect(findRoute('/vehicles')?.permissions).toEqual(['MODULE_COMPANY']);
  expect(findRoute('/instructors/create')?.permissions).toEqual([
    'MODULE_COMPANY',
    'MODULE_COMPANY_WRITE',
  ]);
  expect(findRoute('/scheduler')?.permissions).toEqual(['MODULE_TIME_PLANNER']);
  expect(findRoute('/automatic-payment-triggers')?.permissions).toEqual([
    'MODULE_AUTOMATIC_PAYMENTS',
  ]);
  expect(findRoute('/login')?.layout).toBe('guest');
  expect(findRoute('/logout')?.layout).toBe('signedIn');
});

test('every route names a screen that exists', async () => {
  for (const route of ROUTES) {
    await expect(loadScreen(route.screen), route.path).resolves.toEqual(expect.any(Function));
  }
  expect(BUILT_PAGE_PATHS).toContain('/students/edit/{id}');
  expect(BUILT_PAGE_PATHS).toContain('/scheduler');
  expect(BUILT_PAGE_PATHS).toContain('/theory');
  expect(BUILT_PAGE_PATHS).toContain('/training');
}, 60_000); // imports every feature package

test("the README's lists of built and not yet available screens follow the route table", () => {
  const readme = readFileSync(join(import.meta.dirname, '../../../../README.md'), 'utf8');
  const screens = readme.slice(
    readme.indexOf('## Screens'),
    readme.indexOf('\n## ', readme.indexOf('## Screens') + 1),
  );
  const [built = '', notAvailable = ''] = screens.split('"Noch nicht verfügbar"');
  const paths = (text: string) =>
    [...text.matchAll(/`(\/[^`]*)`/g)].map((match) => match[1]).sort();
  expect(paths(built)).toEqual([...BUILT_PAGE_PATHS].sort());
  expect(paths(notAvailable)).toEqual(
    ROUTES.filter((route) => route.screen === 'notAvailable')
      .map((route) => route.path)
      .sort(),
  );
});

test('the route table refuses an unknown screen and a page whose parameters the path lacks', () => {
  const edit: ScreenFor<'/students/edit/{id}'> = 'students.edit';
  const list: ScreenFor<'/students/edit/{id}'> = 'students.list';
  // @ts-expect-error -- no such screen
  const typo: ScreenFor<'/students'> = 'students.lst';
  // @ts-expect-error -- the edit page reads `{id}`, which `/students` does not have
  const withoutId: ScreenFor<'/students'> = 'students.edit';
  // @ts-expect-error -- the support sign-in reads `{token}`
  const withoutToken: ScreenFor<'/login'> = 'session.supportLogin';
  expect([edit, list, typo, withoutId, withoutToken]).toHaveLength(5);
});

test('every route title exists in German and English', () => {
  for (const route of ROUTES) {
    expect(lookup(deTexts, route.title), route.title).toEqual(expect.any(String));
    expect(lookup(enTexts, route.title), route.title).toEqual(expect.any(String));
  }
});

test('every sidebar entry opens a route and has texts', () => {
  for (const section of SIDEBAR) {
    expect(lookup(deTexts, section.label)).toEqual(expect.any(String));
    for (const entry of section.entries) {
      expect(() => permissionsOf(entry)).not.toThrow();
      expect(lookup(deTexts, entry.label), entry.label).toEqual(expect.any(String));
      expect(lookup(enTexts, entry.label), entry.label).toEqual(expect.any(String));
    }
  }
});

test('the sidebar leaves out what the user may not open', () => {
  const instructor = new Set(['MODULE_TIME_PLANNER', 'MODULE_CUSTOMERS']);
  const ids = visibleSidebar((keys) => keys.every((key) => instructor.has(key))).flatMap(
    (section) => section.entries.map((entry) => entry.id),
  );
  expect(ids).toContain('scheduler');
  expect(ids).toContain('students');
  expect(ids).not.toContain('vehicles');
  expect(ids).not.toContain('users');
  // Routes without permissions in the spec, offered only to roles with the module.
  expect(ids).not.toContain('bookkeepingExport');
  expect(ids).not.toContain('onboarding');
  expect(ids).not.toContain('mailInbox');
});

test('router paths and tab contexts', () => {
  expect(toRouterPath('/pre-exam/{id}/{class}')).toBe('/pre-exam/$id/$class');
  expect(tabContextOf('/lms-theme-loop')).toBe('lms');
  expect(tabContextOf('/unterricht')).toBe('unterricht');
  expect(tabContextOf('/students')).toBe('fsc');
});

test('only same-site paths are followed after sign-in', () => {
  expect(safeRedirect('/students?x=1')).toBe('/students?x=1');
  expect(safeRedirect('//evil.example')).toBe('/');
  expect(safeRedirect('https://evil.example')).toBe('/');
  expect(safeRedirect('/logout')).toBe('/');
  expect(safeRedirect(undefined)).toBe('/');
});
