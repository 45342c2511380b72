import type { JSX } from 'react';
import type { RouteDef, ScreenId } from '../routes/route-table';
import { AboutScreen } from './about-screen';
import { DashboardScreen } from './dashboard-screen';
import { LogoutScreen } from './logout-screen';
import { NotAvailableScreen } from './not-available-screen';
import {
  ForgotPasswordPage,
  LoginPage,
  ResetPasswordPage,
  SupportLoginPage,
} from './session-pages';

type Screen = () => JSX.Element | null;

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

export function screenFor(def: RouteDef): Screen {
  return SCREENS[def.screen];
}
