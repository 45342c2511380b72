import { BranchesScreen, VehiclesScreen } from '@fahrwerk/fleet';
import type { Pages } from './screens';

function VehiclesPage() {
  return <VehiclesScreen />;
}

function BranchesPage() {
  return <BranchesScreen />;
}

/** The pages of branches and vehicles (issue 5): `fleet.<name>` in the route table. */
export const FLEET_PAGES = {
  vehicles: VehiclesPage,
  branches: BranchesPage,
} satisfies Pages;
