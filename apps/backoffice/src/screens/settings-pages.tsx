import { ConfigurationScreen, MasterDataScreen, MyMailAccountsScreen } from '@fahrwerk/settings';
import { useSession } from '../use-app';
import type { Pages } from './screens';

/** `/configuration`: the signed-in user's own mail accounts (see MyMailAccountsScreen). */
function MyMailAccountsPage() {
  const session = useSession();
  if (!session) return null;
  return <MyMailAccountsScreen userId={session.user.id} />;
}

/** The pages of master data, configurations and the mail configuration (issue 5): `settings.<name>` in the route table. */
export const SETTINGS_PAGES = {
  masterData: MasterDataScreen,
  configurations: () => <ConfigurationScreen />,
  mailAccounts: MyMailAccountsPage,
} satisfies Pages;
