import type { PermissionKey } from '@fahrwerk/api';
import type { ScreenFor, ScreenId } from '../screens/screens';

/**
 * The whole route table of spec 000 §2 (and 001 §2), in one place.
 *
 * - `layout: 'shell'` routes sit in the home shell and need a signed-in user plus every key
 *   in `permissions`; a user lacking one is sent back to the previous path.
 * - `guest` routes are for signed-out visitors only; signed-in users go to the dashboard.
 * - `signedIn` routes outside the shell need a session; `public` ones need nothing.
 * - `screen` names what the route shows: an entry screen (`dashboard`, `logout`, …), a page
 *   of a feature area as `<area>.<name>` (loaded with its package when first opened, see
 *   `screens/screens.tsx`), or `notAvailable`, the honest "not available yet" page (listed
 *   in the README) until its issue lands. A name that does not exist, or a page reading a
 *   path parameter its route's path does not have, fails the type check.
 *
 * Where 000 lists no permission but 001 puts the route in the customers area
 * (/education-events, /learn-status, /mandate, /pre-exam), we require MODULE_CUSTOMERS: these
 * pages show one student's data.
 */
export type RouteLayout = 'shell' | 'guest' | 'signedIn' | 'public';

/** The navigation-tab context a route belongs to (spec 000 §2). */
export type TabContext = 'fsc' | 'lms' | 'unterricht';

export type RouteDef = {
  /** The path as the spec writes it; `{id}` segments are parameters. */
  path: string;
  permissions: PermissionKey[];
  layout: RouteLayout;
  screen: ScreenId;
  /** Translation key of the page title (namespace `backoffice`). */
  title: string;
  /** An extra guard beyond permissions the spec names but does not show in full. */
  note?: string;
  /**
   * A check before the page opens beyond the permissions (router.tsx): `learningPlatform` —
   * the path's `{platform}` is one of LEARNING_PLATFORMS and the school uses it; otherwise the
   * user stays on the current path.
   */
  guard?: 'learningPlatform';
};

/**
 * The external learning platforms `/students/{platform}/{id}` knows (our decision: the spec
 * shows no shape): `drive-buzz`, the school's learning app (`learningAppEnabled` of the
 * school's switches, the contract's drive-buzz links and switch per education).
 */
export const LEARNING_PLATFORMS = ['drive-buzz'] as const;

const CUSTOMERS: PermissionKey[] = ['MODULE_CUSTOMERS'];
const CUSTOMERS_WRITE: PermissionKey[] = ['MODULE_CUSTOMERS', 'MODULE_CUSTOMERS_WRITE'];
const COMPANY: PermissionKey[] = ['MODULE_COMPANY'];
const COMPANY_WRITE: PermissionKey[] = ['MODULE_COMPANY', 'MODULE_COMPANY_WRITE'];
const COST_BEARERS: PermissionKey[] = ['MODULE_COST_BEARERS'];
const REPORTS: PermissionKey[] = ['MODULE_REPORTS'];
const AUTOMATIC_PAYMENTS: PermissionKey[] = ['MODULE_AUTOMATIC_PAYMENTS'];
const EXAM: PermissionKey[] = ['MODULE_EXAM'];

/** A row of the table; its screen must be one whose path parameters this path provides. */
function route<Path extends string>(
  def: Omit<RouteDef, 'path' | 'screen'> & { path: Path; screen: ScreenFor<Path> },
): RouteDef {
  return def;
}

/** A row in the home shell. */
function shell<Path extends string>(
  path: Path,
  screen: ScreenFor<Path>,
  title: string,
  permissions: PermissionKey[] = [],
): RouteDef {
  return route({ path, permissions, layout: 'shell', screen, title });
}

export const ROUTES: RouteDef[] = [
  route({
    path: '/',
    permissions: [],
    layout: 'shell',
    screen: 'dashboard',
    title: 'routes.dashboard',
  }),
  shell('/students', 'students.list', 'routes.students', CUSTOMERS),
  shell('/students/create', 'students.create', 'routes.studentsCreate', CUSTOMERS_WRITE),
  shell('/students/edit/{id}', 'students.edit', 'routes.studentsEdit', CUSTOMERS),
  shell(
    '/students/document-in-processing',
    'students.documentsInProcessing',
    'routes.documentsInProcessing',
    CUSTOMERS_WRITE,
  ),
  {
    ...shell(
      '/students/{platform}/{id}',
      'students.learningApp',
      'routes.studentsExternalPlatform',
      CUSTOMERS_WRITE,
    ),
    guard: 'learningPlatform',
    note: "The spec adds a guard that the school is registered on the external learning platform (the rest not shown): `{platform}` must be `drive-buzz` (the school's learning app) and the school's switch `learningAppEnabled` on; otherwise the user stays on the current path with a message. The page: per education the class, the registration status (not enabled, enabled – not started, learning, finished), the access switch and the progress; regions are not modelled (a student's branch is where they learn).",
  },
  shell('/education-events/{id}', 'students.educationEvents', 'routes.educationEvents', CUSTOMERS),
  route({
    path: '/theory/upload-qrcode-document',
    permissions: [],
    layout: 'public',
    screen: 'students.qrUpload',
    title: 'routes.theoryQrUpload',
    note: 'Reached by a student scanning the QR code: no sign-in, the school and student tokens in the query decide what may be uploaded (issue 4).',
  }),
  shell('/learn-status/{id}', 'students.learnStatus', 'routes.learnStatus', CUSTOMERS),
  shell('/mandate', 'payments.mandate', 'routes.mandate', [...CUSTOMERS, ...AUTOMATIC_PAYMENTS]),
  shell('/pre-exam/{id}/{class}', 'exams.preExam', 'routes.preExam', CUSTOMERS),
  shell('/vehicles', 'fleet.vehicles', 'routes.vehicles', COMPANY),
  shell('/branches', 'fleet.branches', 'routes.branches', COMPANY),
  shell('/configurations', 'settings.configurations', 'routes.configurations', COMPANY),
  shell('/roles', 'users.roles', 'routes.roles', COMPANY),
  shell('/master-data', 'settings.masterData', 'routes.masterData', COMPANY),
  shell('/products', 'priceLists.products', 'routes.products', COMPANY),
  shell('/price-lists', 'priceLists.priceLists', 'routes.priceLists', COMPANY),
  shell('/instructors', 'users.instructors', 'routes.instructors', COMPANY),
  shell('/instructors/create', 'users.createInstructor', 'routes.instructorsCreate', COMPANY_WRITE),
  shell('/instructors/edit/{id}', 'users.editInstructor', 'routes.instructorsEdit', COMPANY),
  shell('/scheduler', 'scheduler.scheduler', 'routes.scheduler', ['MODULE_TIME_PLANNER']),
  shell('/accounting', 'accounting.accounting', 'routes.accounting', ['MODULE_ACCOUNTING']),
  shell('/practical-exam', 'exams.practicalExams', 'routes.practicalExam', EXAM),
  shell('/theory-exam', 'exams.theoryExams', 'routes.theoryExam', EXAM),
  shell('/theory', 'theory.theory', 'routes.theory', ['MODULE_THEORY']),
  shell('/payers', 'costBearers.list', 'routes.payers', COST_BEARERS),
  route({
    path: '/payers/upload-qrcode-document',
    permissions: [],
    layout: 'public',
    screen: 'costBearers.qrUpload',
    title: 'routes.payersQrUpload',
    note: "The spec lists the cost-bearers module, but the page is opened by a cost bearer scanning a QR code, who has no sign-in: like the students' page it is public and accepts only a valid school and cost-bearer token (issue 4).",
  }),
  shell(
    '/payers/services/{id}',
    'invoices.costBearerServices',
    'routes.payersServices',
    COST_BEARERS,
  ),
  shell(
    '/payers/classic-pay/{id}',
    'invoices.costBearerClassicPay',
    'routes.payersClassicPay',
    COST_BEARERS,
  ),
  shell(
    '/payers/payment-request',
    'invoices.costBearerPaymentRequest',
    'routes.payersPaymentRequest',
    COST_BEARERS,
  ),
  shell(
    '/payers/deposit-invoice',
    'invoices.costBearerDepositInvoice',
    'routes.payersDepositInvoice',
    COST_BEARERS,
  ),
  shell('/training', 'reports.training', 'routes.training', REPORTS),
  shell('/finances', 'reports.finances', 'routes.finances', REPORTS),
  shell('/learn', 'reports.learn', 'routes.learn', REPORTS),
  shell('/planning', 'reports.planning', 'routes.planning', REPORTS),
  route({
    path: '/export',
    permissions: [...REPORTS, 'MODULE_ACCOUNTING'],
    layout: 'shell',
    screen: 'accounting.export',
    title: 'routes.export',
    note: 'Spec 001 lists /export with the reports; the DATEV and payroll exports it offers are accounting calls, which need the accounting module too (issue 14).',
  }),
  route({
    path: '/invoice',
    permissions: [...REPORTS, ...AUTOMATIC_PAYMENTS],
    layout: 'shell',
    screen: 'invoices.billingRun',
    title: 'routes.invoice',
    note: 'Spec 001 lists /invoice with the reports; the billing runs and the invoice wizard it shows call the payment documents, which need the automatic-payments module too (issue 13).',
  }),
  shell('/todo', 'todos.list', 'routes.todo', ['MODULE_TASK']),
  shell(
    '/automatic-payments-overview',
    'payments.overview',
    'routes.apOverview',
    AUTOMATIC_PAYMENTS,
  ),
  shell(
    '/automatic-payments-classic-pay',
    'payments.classicPay',
    'routes.apClassicPay',
    AUTOMATIC_PAYMENTS,
  ),
  shell('/automatic-payments-live-pay', 'payments.livePay', 'routes.apLivePay', AUTOMATIC_PAYMENTS),
  shell(
    '/automatic-payments-flash-pay',
    'payments.flashPay',
    'routes.apFlashPay',
    AUTOMATIC_PAYMENTS,
  ),
  shell(
    '/automatic-payments-payment-documents',
    'invoices.paymentDocuments',
    'routes.apPaymentDocuments',
    AUTOMATIC_PAYMENTS,
  ),
  shell(
    '/automatic-payments-student-documents-history',
    'invoices.documentsHistory',
    'routes.apStudentDocumentsHistory',
    AUTOMATIC_PAYMENTS,
  ),
  shell(
    '/automatic-payment-triggers',
    'payments.triggers',
    'routes.apTriggers',
    AUTOMATIC_PAYMENTS,
  ),
  shell('/payment-request', 'invoices.paymentRequest', 'routes.paymentRequest', AUTOMATIC_PAYMENTS),
  shell('/partial-invoice', 'invoices.partialInvoice', 'routes.partialInvoice', AUTOMATIC_PAYMENTS),
  shell('/registration', 'registrations.inbox', 'routes.registration'),
  route({
    path: '/email',
    permissions: [],
    layout: 'shell',
    screen: 'mail.mailbox',
    title: 'routes.email',
    note: "No permission in the spec's table: open as the spec says; the sidebar offers it to roles with MODULE_COMMUNICATION, and its calls need that key (a user without it sees the mailbox's error state). `?folder=inbox|outbox|all` picks the folder, `?compose=new` opens a new mail.",
  }),
  shell('/email-templates', 'communication.emailTemplates', 'routes.emailTemplates'),
  shell('/broadcast', 'communication.broadcasts', 'routes.broadcast'),
  shell('/broadcast-templates', 'communication.broadcastTemplates', 'routes.broadcastTemplates'),
  shell('/messaging', 'communication.messaging', 'routes.messaging'),
  shell('/message-templates', 'communication.messageTemplates', 'routes.messageTemplates'),
  shell('/automatic-messages', 'communication.automaticMessages', 'routes.automaticMessages'),
  route({
    path: '/perso-fix',
    permissions: ['MODULE_ACCOUNTING'],
    layout: 'shell',
    screen: 'accounting.persoFix',
    title: 'routes.persoFix',
    note: "The spec names the route only. The payroll hand-over for the school's payroll office, the counterpart of /fibu-fix: per instructor and month (default last month, never a future one) the minutes of payroll-relevant appointments by hour type, theory lessons, exams and other work, the hours and kilometres, opening into the days (`POST /accounting/payroll-overview`), with the same figures as CSV or XLSX (`POST /accounting/payroll-export`); both need the accounting module.",
  }),
  route({
    path: '/pulse',
    permissions: [],
    layout: 'shell',
    screen: 'communication.pulse',
    title: 'routes.pulse',
    note: "The spec names the route only. Our reading: the school's day as an activity feed (`GET /pulse?date`): registrations, lessons booked and cancelled, exam results, mail received, messages sent, and for the payments module invoices, payments and failed debits; each entry opens the student record, the mailbox or the registrations.",
  }),
  shell('/configuration', 'settings.mailAccounts', 'routes.configuration'),
  route({
    path: '/set-up-mandate/success',
    permissions: [],
    layout: 'public',
    screen: 'payments.mandateSuccess',
    title: 'routes.setUpMandateSuccess',
    note: 'Shown to the account holder after the public mandate form, who has no sign-in: public (issue 14).',
  }),
  route({
    path: '/set-up-mandate/failure',
    permissions: [],
    layout: 'public',
    screen: 'payments.mandateFailure',
    title: 'routes.setUpMandateFailure',
    note: 'Shown to the account holder when the mandate link is unknown, used or expired: public (issue 14).',
  }),
  route({
    path: '/set-up-mandate',
    permissions: [],
    layout: 'public',
    screen: 'payments.publicMandateForm',
    title: 'routes.setUpMandate',
    note: "Not in the spec's table: the public form the mandate dispatch e-mail links to (`?token=`), whose outcomes are /set-up-mandate/success and /failure (issue 14).",
  }),
  route({
    path: '/onboard/driving-school/success',
    permissions: [],
    layout: 'shell',
    screen: 'settings.onboardingSuccess',
    title: 'routes.onboardSuccess',
    note: "The spec names the route only (with the mandate outcomes). Our reading: where a school lands after finishing its online onboarding — a welcome with the school's name and six next steps (complete master data, a mail account, a price list, a first instructor, a vehicle, a branch), each done or open from the school's data with a button to its screen. Open to any signed-in user: a step whose call the role may not make shows as not visible, a failed one offers a retry.",
  }),
  route({
    path: '/lms',
    permissions: [],
    layout: 'shell',
    screen: 'learning.mode',
    title: 'routes.lms',
    note: "The spec lists no permission. The learning mode shows one student's learning data, whose calls need MODULE_CUSTOMERS: without it the screen says so and asks for nothing. Recording answers and resetting them need MODULE_CUSTOMERS_WRITE (without it questions and solutions can be looked at). `?studentEducationId=` opens an education.",
  }),
  route({
    path: '/lms-question-tutor',
    permissions: [],
    layout: 'shell',
    screen: 'learning.tutor',
    title: 'routes.lmsQuestionTutor',
    note: "The spec lists no permission. The question tutor shows one student's wrongly answered questions and learning time, whose calls need MODULE_CUSTOMERS: without it the screen says so and asks for nothing. Going through the questions records answers only with MODULE_CUSTOMERS_WRITE. `?studentEducationId=` opens an education.",
  }),
  route({
    path: '/lms-theme-loop',
    permissions: [],
    layout: 'shell',
    screen: 'learning.themeLoop',
    title: 'routes.lmsThemeLoop',
    note: "The spec lists no permission. The catalogue (categories, subcategories with question counts, 'Erläuterung öffnen') is open to any signed-in user; editing a subcategory's explanation link needs MODULE_THEORY_WRITE. A student's progress per subcategory and its questions with the student's state need MODULE_CUSTOMERS: without it the screen says so and shows the catalogue only. `?studentId=` opens a student.",
  }),
  {
    ...shell('/unterricht', 'learning.lessonDashboard', 'routes.unterricht'),
    note: 'The spec lists no permission: any signed-in user sees the lesson dashboard; changing tiles, images and the video link needs MODULE_THEORY_WRITE (the server refuses otherwise, the screen offers no editing).',
  },
  route({
    path: '/base-knowledge',
    permissions: [],
    layout: 'shell',
    screen: 'learning.baseKnowledge',
    title: 'routes.baseKnowledge',
    note: "The spec lists no permission; the book's calls are open to any signed-in user. The knowledge book 59 (Basiswissen): the table of contents (chapters with their pages, the open page marked), the page's HTML as the server sanitised it, previous and next page across chapters. `?page=<id>` opens a page.",
  }),
  route({
    path: '/additional-knowledge-a',
    permissions: [],
    layout: 'shell',
    screen: 'learning.additionalKnowledgeA',
    title: 'routes.additionalKnowledgeA',
    note: "The spec lists no permission; the book's calls are open to any signed-in user. The knowledge book 61 (Zusatzwissen Klasse A): the table of contents (chapters with their pages, the open page marked), the page's HTML as the server sanitised it, previous and next page across chapters. `?page=<id>` opens a page.",
  }),
  route({
    path: '/additional-knowledge-b',
    permissions: [],
    layout: 'shell',
    screen: 'learning.additionalKnowledgeB',
    title: 'routes.additionalKnowledgeB',
    note: "The spec lists no permission; the book's calls are open to any signed-in user. The knowledge book 60 (Zusatzwissen Klasse B): the table of contents (chapters with their pages, the open page marked), the page's HTML as the server sanitised it, previous and next page across chapters. `?page=<id>` opens a page.",
  }),
  // Outside the shell.
  route({
    path: '/register/{token}',
    permissions: [],
    layout: 'public',
    screen: 'registrations.public',
    title: 'routes.publicRegistration',
    note: "Not in the spec's table: the public registration form a school's registration QR code points to (its URL comes from /driving-schools/current/drive-buzz-registration-url).",
  }),
  route({
    path: '/about',
    permissions: [],
    layout: 'public',
    screen: 'about',
    title: 'routes.about',
  }),
  route({
    path: '/logout',
    permissions: [],
    layout: 'signedIn',
    screen: 'logout',
    title: 'routes.logout',
  }),
  route({
    path: '/login',
    permissions: [],
    layout: 'guest',
    screen: 'session.login',
    title: 'routes.login',
  }),
  route({
    path: '/forgot-password',
    permissions: [],
    layout: 'guest',
    screen: 'session.forgotPassword',
    title: 'routes.forgotPassword',
  }),
  route({
    path: '/reset-password',
    permissions: [],
    layout: 'guest',
    screen: 'session.resetPassword',
    title: 'routes.resetPassword',
  }),
  route({
    path: '/support-user-token-login/{token}',
    permissions: [],
    layout: 'guest',
    screen: 'session.supportLogin',
    title: 'routes.supportLogin',
  }),
  route({
    path: '/fibu-fix',
    permissions: ['MODULE_ACCOUNTING'],
    layout: 'shell',
    screen: 'accounting.fibuFix',
    title: 'routes.fibuFix',
    note: "Opens the school's external bookkeeping portal in a new window; the address is the accounts configuration's `bookkeepingPortalUrl` (the spec does not show it), so the page needs a signed-in user of the accounting module (issue 14).",
  }),
  route({
    path: '/book-mirror',
    permissions: [],
    layout: 'signedIn',
    screen: 'learning.bookMirror',
    title: 'routes.bookMirror',
    note: "Our decision (the spec names only the route and 'mirror book viewer, outside the shell'): one knowledge-book page, large and without the shell, for the projector or second screen; it follows the book the instructor has open in this browser ('Auf Beamer zeigen' opens it), and can be turned alone. The books need a sign-in, so the page does too (the window opened from the back office shares the session). `?book=59|60|61&page=`.",
  }),
];

/** `/students/edit/{id}` → `/students/edit/$id` (TanStack Router's parameter syntax). */
export function toRouterPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, '$$$1');
}

const LMS_PATHS = new Set([
  '/lms',
  '/lms-question-tutor',
  '/lms-theme-loop',
  '/base-knowledge',
  '/additional-knowledge-a',
  '/additional-knowledge-b',
]);

/** Which tab context a route belongs to: the learning area, the lesson dashboard, or fsc. */
export function tabContextOf(path: string): TabContext {
  if (LMS_PATHS.has(path)) return 'lms';
  if (path === '/unterricht') return 'unterricht';
  return 'fsc';
}

/** The paths whose screen is built (the README's "not available" list is the rest). */
export const BUILT_PAGE_PATHS = ROUTES.filter((def) => def.screen !== 'notAvailable').map(
  (def) => def.path,
);

export function findRoute(path: string): RouteDef | undefined {
  return ROUTES.find((route) => route.path === path);
}
