import { hasPermissions, usePermissions } from '@fahrwerk/core';
import {
  ConfigurationScreen,
  type ConfigurationTab,
  MasterDataScreen,
  MyMailAccountsScreen,
  OnboardingSuccessScreen,
  type SetupStepId,
} from '@fahrwerk/settings';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { findRoute } from '../routes/route-table';
import { useSession } from '../use-app';
import type { Pages } from './screens';

/** `/configuration`: the signed-in user's own mail accounts (see MyMailAccountsScreen). */
function MyMailAccountsPage() {
  const session = useSession();
  if (!session) return null;
  return <MyMailAccountsScreen userId={session.user.id} />;
}

/** Every tab of the configuration; `?tab=<tab>` opens `/configurations` on it. */
const CONFIGURATION_TABS: Record<ConfigurationTab, true> = {
  financial: true,
  accounts: true,
  documents: true,
  mail: true,
  testingOrganizations: true,
  studentCategories: true,
};

function ConfigurationsPage() {
  const { tab } = useSearch({ strict: false }) as { tab?: unknown };
  const initialTab =
    typeof tab === 'string' && Object.hasOwn(CONFIGURATION_TABS, tab)
      ? (tab as ConfigurationTab)
      : undefined;
  return <ConfigurationScreen initialTab={initialTab} />;
}

/** Where each onboarding step is done: a route of the table (`settings-pages.test.ts` checks). */
export const SETUP_STEP_HREFS: Record<SetupStepId, string> = {
  masterData: '/master-data',
  mailAccount: '/configurations?tab=mail',
  priceList: '/price-lists',
  instructor: '/instructors',
  vehicle: '/vehicles',
  branch: '/branches',
};

/**
 * `/onboard/driving-school/success`: the next steps after the online onboarding. A step's
 * button is offered only when the user may open its route (its permissions in the table).
 */
function OnboardingSuccessPage() {
  const navigate = useNavigate();
  const permissions = usePermissions();
  const routeOf = (step: SetupStepId) => findRoute(SETUP_STEP_HREFS[step].split('?')[0] ?? '');
  return (
    <OnboardingSuccessScreen
      onOpenStep={(step) => void navigate({ href: SETUP_STEP_HREFS[step] })}
      canOpenStep={(step) => {
        const route = routeOf(step);
        return route !== undefined && hasPermissions(permissions, route.permissions);
      }}
    />
  );
}

/** The pages of master data, configurations, the mail configuration (issue 5) and the onboarding's next steps: `settings.<name>` in the route table. */
export const SETTINGS_PAGES = {
  masterData: MasterDataScreen,
  configurations: ConfigurationsPage,
  mailAccounts: MyMailAccountsPage,
  onboardingSuccess: OnboardingSuccessPage,
} satisfies Pages;
