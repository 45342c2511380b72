import type { JSX } from 'react';
import type { RouteDef, ScreenId } from '../routes/route-table';
import { AboutScreen } from './about-screen';
import { COST_BEARER_PAGES } from './cost-bearer-pages';
import { DashboardScreen } from './dashboard-screen';
import { FLEET_PAGES } from './fleet-pages';
import { LogoutScreen } from './logout-screen';
import { NotAvailableScreen } from './not-available-screen';
import { PRICE_PAGES } from './price-pages';
import { REGISTRATION_PAGES } from './registration-pages';
import {
  ForgotPasswordPage,
  LoginPage,
  ResetPasswordPage,
  SupportLoginPage,
} from './session-pages';
import { SETTINGS_PAGES } from './settings-pages';
import { STUDENT_PAGES } from './student-pages';
import { TODO_PAGES } from './todo-pages';
import { USER_PAGES } from './user-pages';

export type Screen = () => JSX.Element | null;

const SCREENS: Record<ScreenId, Screen> = {
  dashboard: DashboardScreen,
  login: LoginPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  supportLogin: SupportLoginPage,
  logout: LogoutScreen,
  about: AboutScreen,
  notAvailable: NotAvailableScreen,
};

/**
 * The pages of the feature areas, by route path (each area keeps its own file, so areas
 * are wired without touching each other). A path listed here wins over the route's
 * `notAvailable` placeholder.
 */
const PAGES: Record<string, Screen> = {
  ...STUDENT_PAGES,
  ...REGISTRATION_PAGES,
  ...TODO_PAGES,
  ...COST_BEARER_PAGES,
  ...USER_PAGES,
  ...FLEET_PAGES,
  ...PRICE_PAGES,
  ...SETTINGS_PAGES,
};

export function screenFor(def: RouteDef): Screen {
  return PAGES[def.path] ?? SCREENS[def.screen];
}

/** The route paths that have a built page (the README's "not available" list is the rest). */
export const BUILT_PAGE_PATHS = Object.keys(PAGES);
