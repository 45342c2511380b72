import { BranchesScreen, VehiclesScreen } from '@fahrwerk/fleet';
import type { Screen } from './screens';

function VehiclesPage() {
  return <VehiclesScreen />;
}

function BranchesPage() {
  return <BranchesScreen />;
}

/** The pages of branches and vehicles (issue 5), by route path of the route table. */
export const FLEET_PAGES: Record<string, Screen> = {
  '/vehicles': VehiclesPage,
  '/branches': BranchesPage,
};
