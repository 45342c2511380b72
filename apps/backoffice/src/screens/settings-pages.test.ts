import { SETUP_STEPS } from '@fahrwerk/settings';
import { expect, test } from 'vitest';
import { findRoute } from '../routes/route-table';
import { SETUP_STEP_HREFS } from './settings-pages';

test("every onboarding step's button opens a built screen of the shell", () => {
  for (const step of SETUP_STEPS) {
    const path = SETUP_STEP_HREFS[step].split('?')[0] ?? '';
    const route = findRoute(path);
    expect(route, `${step}: ${path}`).toBeDefined();
    expect(route?.layout, path).toBe('shell');
    expect(route?.screen, path).not.toBe('notAvailable');
  }
  // The mail accounts are set up on the configuration's mail tab, not on `/configuration`
  // (the signed-in user's own accounts, read-only).
  expect(SETUP_STEP_HREFS.mailAccount).toBe('/configurations?tab=mail');
  expect(findRoute('/onboard/driving-school/success')).toMatchObject({
    screen: 'settings.onboardingSuccess',
    layout: 'shell',
    permissions: [],
  });
});
