import { BranchesScreen, VehiclesScreen } from '@fahrwerk/fleet';
import type { Pages } from './screens';

/** The route passes `params`, the screen takes only an optional `today`: hence this wrapper. */
function VehiclesPage() {
  return <VehiclesScreen />;
}

/** The pages of branches and vehicles (issue 5): `fleet.<name>` in the route table. */
export const FLEET_PAGES = {
  vehicles: VehiclesPage,
  branches: BranchesScreen,
} satisfies Pages;
