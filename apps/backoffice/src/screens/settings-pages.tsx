import { ConfigurationScreen, MasterDataScreen, MyMailAccountsScreen } from '@fahrwerk/settings';
import { useSession } from '../use-app';
import type { Screen } from './screens';

/** `/configuration`: the signed-in user's own mail accounts (see MyMailAccountsScreen). */
function MyMailAccountsPage() {
  const session = useSession();
  if (!session) return null;
  return <MyMailAccountsScreen userId={session.user.id} />;
}

/** The pages of master data, configurations and the mail configuration (issue 5), by route path of the route table. */
export const SETTINGS_PAGES: Record<string, Screen> = {
  '/master-data': MasterDataScreen,
  '/configurations': () => <ConfigurationScreen />,
  '/configuration': MyMailAccountsPage,
};
