import { beforeEach, expect, test } from 'vitest';
import { TabStore } from './tab-store';

beforeEach(() => sessionStorage.clear());

test('opening routes adds tabs, activates them and records history', () => {
  const store = new TabStore();
  store.open('fsc', '/students', 'routes.students');
  store.open('fsc', '/vehicles', 'routes.vehicles');
  store.open('fsc', '/students', 'routes.students');
  const fsc = store.state.contexts.fsc;
  expect(fsc.tabs.map((tab) => tab.route)).toEqual(['/students', '/vehicles']);
  expect(fsc.tabs[1]).toMatchObject({
    index: 1,
    translationKey: 'routes.vehicles',
    customLabel: false,
  });
  expect(fsc.activeTabId).toBe('/students');
  expect(fsc.history).toEqual(['/vehicles', '/students']);
});

test('each context keeps its own tabs; the active context follows the last opened', () => {
  const store = new TabStore();
  store.open('fsc', '/students', 'routes.students');
  store.open('lms', '/lms', 'routes.lms');
  expect(store.state.activeContext).toBe('lms');
  expect(store.state.contexts.fsc.tabs).toHaveLength(1);
  expect(store.state.contexts.lms.tabs).toHaveLength(1);
  expect(store.state.contexts.unterricht.tabs).toHaveLength(0);
});

test('closing the active tab answers the previous one in history', () => {
  const store = new TabStore();
  store.open('fsc', '/students', 'routes.students');
  store.open('fsc', '/vehicles', 'routes.vehicles');
  store.open('fsc', '/todo', 'routes.todo');
  store.open('fsc', '/vehicles', 'routes.vehicles');
  expect(store.close('fsc', '/vehicles')).toBe('/todo');
  expect(store.state.contexts.fsc.tabs.map((tab) => tab.index)).toEqual([0, 1]);
});

test('renaming marks a custom label', () => {
  const store = new TabStore();
  store.open('fsc', '/students', 'routes.students');
  store.rename('fsc', '/students', 'Meine Schüler');
  expect(store.state.contexts.fsc.tabs[0]).toMatchObject({
    label: 'Meine Schüler',
    customLabel: true,
  });
});

test('tabs are kept for the browser session and survive a reload', () => {
  new TabStore().open('unterricht', '/unterricht', 'routes.unterricht');
  const reloaded = new TabStore();
  expect(reloaded.state.activeContext).toBe('unterricht');
  expect(reloaded.state.contexts.unterricht.activeTabId).toBe('/unterricht');
});
