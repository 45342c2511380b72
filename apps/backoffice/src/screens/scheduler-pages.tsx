import { SchedulerScreen } from '@fahrwerk/scheduler';
import type { Pages } from './screens';

/** The route passes `params`, the screen takes only an optional `today`: hence this wrapper. */
function SchedulerPage() {
  return <SchedulerScreen />;
}

/** The time planner (`/scheduler`): `scheduler.<name>` in the route table. */
export const SCHEDULER_PAGES = {
  scheduler: SchedulerPage,
} satisfies Pages;
