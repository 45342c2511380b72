import { type AsyncRouteComponent, lazyRouteComponent, useParams } from '@tanstack/react-router';
import type { JSX } from 'react';
import { AboutScreen } from './about-screen';
import { DashboardScreen } from './dashboard-screen';
import { LogoutScreen } from './logout-screen';
import { NotAvailableScreen } from './not-available-screen';

/** A page of the back office; `params` are the path parameters of the route showing it. */
export type Screen<Params extends object = object> = (props: {
  params: Params;
}) => JSX.Element | null;

/** The parameters of a route path as the table writes it: `/students/edit/{id}` → `{ id: string }`. */
export type PathParams<Path extends string> = {
  [Name in ParamNames<Path>]: string;
};
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** A page file's pages by name; each page's parameters are checked against its routes' paths. */
export type Pages = Record<string, Screen<never>>;

/** The screens in the entry chunk: the dashboard, sign-out, about, the placeholder. */
const SCREENS = {
  dashboard: DashboardScreen,
  logout: LogoutScreen,
  about: AboutScreen,
  notAvailable: NotAvailableScreen,
} satisfies Pages;

/**
 * The feature areas, each loaded (with its feature package) when one of its routes is
 * first opened. Each area keeps its own page file keyed by screen name, so areas are wired
 * without touching each other; a route names an area's page as `<area>.<name>`. Sign-in
 * is an area too: its forms bring zod and react-hook-form, which the dashboard does not need.
 */
const AREAS = {
  session: () => import('./session-pages').then((area) => area.SESSION_PAGES),
  students: () => import('./student-pages').then((area) => area.STUDENT_PAGES),
  registrations: () => import('./registration-pages').then((area) => area.REGISTRATION_PAGES),
  todos: () => import('./todo-pages').then((area) => area.TODO_PAGES),
  mail: () => import('./mail-pages').then((area) => area.MAIL_PAGES),
  communication: () => import('./communication-pages').then((area) => area.COMMUNICATION_PAGES),
  costBearers: () => import('./cost-bearer-pages').then((area) => area.COST_BEARER_PAGES),
  users: () => import('./user-pages').then((area) => area.USER_PAGES),
  fleet: () => import('./fleet-pages').then((area) => area.FLEET_PAGES),
  priceLists: () => import('./price-pages').then((area) => area.PRICE_PAGES),
  settings: () => import('./settings-pages').then((area) => area.SETTINGS_PAGES),
  scheduler: () => import('./scheduler-pages').then((area) => area.SCHEDULER_PAGES),
  theory: () => import('./theory-pages').then((area) => area.THEORY_PAGES),
  exams: () => import('./exam-pages').then((area) => area.EXAM_PAGES),
  invoices: () => import('./invoice-pages').then((area) => area.INVOICE_PAGES),
  payments: () => import('./payment-pages').then((area) => area.PAYMENT_PAGES),
  accounting: () => import('./accounting-pages').then((area) => area.ACCOUNTING_PAGES),
  learning: () => import('./learning-pages').then((area) => area.LEARNING_PAGES),
  reports: () => import('./reports-pages').then((area) => area.REPORT_PAGES),
};

type Area = keyof typeof AREAS;
type AreaPages<A extends Area> = Awaited<ReturnType<(typeof AREAS)[A]>>;
type AreaScreenId = { [A in Area]: `${A}.${keyof AreaPages<A> & string}` }[Area];

/** Every screen a route may name: an entry screen, or `<area>.<name>` of an area's pages. */
export type ScreenId = keyof typeof SCREENS | AreaScreenId;

type ScreenOf<Id extends ScreenId> = Id extends keyof typeof SCREENS
  ? (typeof SCREENS)[Id]
  : Id extends `${infer A extends Area}.${infer Name}`
    ? AreaPages<A>[Name & keyof AreaPages<A>]
    : never;
type ParamsOf<S> = S extends (props: { params: infer Params }) => unknown ? Params : object;

/** The screens a route with this path may show: those whose parameters the path provides. */
export type ScreenFor<Path extends string> = {
  [Id in ScreenId]: PathParams<Path> extends ParamsOf<ScreenOf<Id>> ? Id : never;
}[ScreenId];

/**
 * Renders a page with the parameters of the matched path. The router types them loosely;
 * `ScreenFor` made sure, in the route table, that the path has every one the page reads.
 */
function withParams(Page: Screen<never>) {
  return function RoutePage() {
    const params = useParams({ strict: false });
    return <Page params={params as never} />;
  };
}

function isEntryScreen(id: ScreenId): id is keyof typeof SCREENS {
  return id in SCREENS;
}

/** Loads a screen's page, with its area's chunk when it lives in one. */
export async function loadScreen(id: ScreenId): Promise<Screen<never>> {
  if (isEntryScreen(id)) return SCREENS[id];
  const [area, name] = id.split('.') as [Area, string];
  const pages: Pages = await AREAS[area]();
  const page = pages[name];
  if (!page) throw new Error(`No screen ${id}`);
  return page;
}

/** The route component of a screen: entry screens at once, area pages when first opened. */
export function screenComponent(id: ScreenId): AsyncRouteComponent<object> | (() => JSX.Element) {
  if (isEntryScreen(id)) return withParams(SCREENS[id]);
  return lazyRouteComponent(async () => ({ default: withParams(await loadScreen(id)) }));
}
