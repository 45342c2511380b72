import type { PermissionKey } from '@fahrwerk/api';

/**
 * The whole route table of spec 000 §2 (and 001 §2), in one place.
 *
 * - `layout: 'shell'` routes sit in the home shell and need a signed-in user plus every key
 *   in `permissions`; a user lacking one is sent back to the previous path.
 * - `guest` routes are for signed-out visitors only; signed-in users go to the dashboard.
 * - `signedIn` routes outside the shell need a session; `public` ones need nothing.
 * - `screen` names the screen; `notAvailable` routes show the honest "not available yet"
 *   page (listed in the README) until their issue lands.
 *
 * Where 000 lists no permission but 001 puts the route in the customers area
 * (/education-events, /learn-status, /mandate), we require MODULE_CUSTOMERS: these pages
 * show one student's data.
 */
export type RouteLayout = 'shell' | 'guest' | 'signedIn' | 'public';

export type ScreenId =
  | 'dashboard'
  | 'login'
  | 'forgotPassword'
  | 'resetPassword'
  | 'supportLogin'
  | 'logout'
  | 'about'
  | 'notAvailable';

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
};

const CUSTOMERS: PermissionKey[] = ['MODULE_CUSTOMERS'];
const CUSTOMERS_WRITE: PermissionKey[] = ['MODULE_CUSTOMERS', 'MODULE_CUSTOMERS_WRITE'];
const COMPANY: PermissionKey[] = ['MODULE_COMPANY'];
const COMPANY_WRITE: PermissionKey[] = ['MODULE_COMPANY', 'MODULE_COMPANY_WRITE'];
const COST_BEARERS: PermissionKey[] = ['MODULE_COST_BEARERS'];
const REPORTS: PermissionKey[] = ['MODULE_REPORTS'];
const AUTOMATIC_PAYMENTS: PermissionKey[] = ['MODULE_AUTOMATIC_PAYMENTS'];
const EXAM: PermissionKey[] = ['MODULE_EXAM'];

function shell(path: string, title: string, permissions: PermissionKey[] = []): RouteDef {
  return { path, permissions, layout: 'shell', screen: 'notAvailable', title };
}

export const ROUTES: RouteDef[] = [
  { path: '/', permissions: [], layout: 'shell', screen: 'dashboard', title: 'routes.dashboard' },
  shell('/students', 'routes.students', CUSTOMERS),
  shell('/students/create', 'routes.studentsCreate', CUSTOMERS_WRITE),
  shell('/students/edit/{id}', 'routes.studentsEdit', CUSTOMERS),
  shell('/students/document-in-processing', 'routes.documentsInProcessing', CUSTOMERS_WRITE),
  {
    ...shell('/students/{platform}/{id}', 'routes.studentsExternalPlatform', CUSTOMERS_WRITE),
    note: 'The spec adds a guard that the school is registered on the external learning platform; the rest of that guard is not shown. Until the integration lands the page is not available.',
  },
  shell('/education-events/{id}', 'routes.educationEvents', CUSTOMERS),
  {
    path: '/theory/upload-qrcode-document',
    permissions: [],
    layout: 'public',
    screen: 'notAvailable',
    title: 'routes.theoryQrUpload',
    note: 'Reached by a student scanning the QR code: no sign-in, the school and student tokens in the query decide what may be uploaded (issue 4).',
  },
  shell('/learn-status/{id}', 'routes.learnStatus', CUSTOMERS),
  shell('/mandate', 'routes.mandate', CUSTOMERS),
  shell('/pre-exam/{id}/{class}', 'routes.preExam'),
  shell('/vehicles', 'routes.vehicles', COMPANY),
  shell('/branches', 'routes.branches', COMPANY),
  shell('/configurations', 'routes.configurations', COMPANY),
  shell('/roles', 'routes.roles', COMPANY),
  shell('/master-data', 'routes.masterData', COMPANY),
  shell('/products', 'routes.products', COMPANY),
  shell('/price-lists', 'routes.priceLists', COMPANY),
  shell('/instructors', 'routes.instructors', COMPANY),
  shell('/instructors/create', 'routes.instructorsCreate', COMPANY_WRITE),
  shell('/instructors/edit/{id}', 'routes.instructorsEdit', COMPANY),
  shell('/scheduler', 'routes.scheduler', ['MODULE_TIME_PLANNER']),
  shell('/accounting', 'routes.accounting', ['MODULE_ACCOUNTING']),
  shell('/practical-exam', 'routes.practicalExam', EXAM),
  shell('/theory-exam', 'routes.theoryExam', EXAM),
  shell('/theory', 'routes.theory', ['MODULE_THEORY']),
  shell('/payers', 'routes.payers', COST_BEARERS),
  {
    path: '/payers/upload-qrcode-document',
    permissions: [],
    layout: 'public',
    screen: 'notAvailable',
    title: 'routes.payersQrUpload',
    note: "The spec lists the cost-bearers module, but the page is opened by a cost bearer scanning a QR code, who has no sign-in: like the students' page it is public and accepts only a valid school and cost-bearer token (issue 4).",
  },
  shell('/payers/services/{id}', 'routes.payersServices', COST_BEARERS),
  shell('/payers/classic-pay/{id}', 'routes.payersClassicPay', COST_BEARERS),
  shell('/payers/payment-request', 'routes.payersPaymentRequest', COST_BEARERS),
  shell('/payers/deposit-invoice', 'routes.payersDepositInvoice', COST_BEARERS),
  shell('/training', 'routes.training', REPORTS),
  shell('/finances', 'routes.finances', REPORTS),
  shell('/learn', 'routes.learn', REPORTS),
  shell('/planning', 'routes.planning', REPORTS),
  shell('/export', 'routes.export', REPORTS),
  shell('/invoice', 'routes.invoice', REPORTS),
  shell('/todo', 'routes.todo', ['MODULE_TASK']),
  shell('/automatic-payments-overview', 'routes.apOverview', AUTOMATIC_PAYMENTS),
  shell('/automatic-payments-classic-pay', 'routes.apClassicPay', AUTOMATIC_PAYMENTS),
  shell('/automatic-payments-live-pay', 'routes.apLivePay', AUTOMATIC_PAYMENTS),
  shell('/automatic-payments-flash-pay', 'routes.apFlashPay', AUTOMATIC_PAYMENTS),
  shell('/automatic-payments-payment-documents', 'routes.apPaymentDocuments', AUTOMATIC_PAYMENTS),
  shell(
    '/automatic-payments-student-documents-history',
    'routes.apStudentDocumentsHistory',
    AUTOMATIC_PAYMENTS,
  ),
  shell('/automatic-payment-triggers', 'routes.apTriggers', AUTOMATIC_PAYMENTS),
  shell('/payment-request', 'routes.paymentRequest', AUTOMATIC_PAYMENTS),
  shell('/partial-invoice', 'routes.partialInvoice', AUTOMATIC_PAYMENTS),
  shell('/registration', 'routes.registration'),
  shell('/email', 'routes.email'),
  shell('/email-templates', 'routes.emailTemplates'),
  shell('/broadcast', 'routes.broadcast'),
  shell('/broadcast-templates', 'routes.broadcastTemplates'),
  shell('/messaging', 'routes.messaging'),
  shell('/message-templates', 'routes.messageTemplates'),
  shell('/automatic-messages', 'routes.automaticMessages'),
  shell('/perso-fix', 'routes.persoFix'),
  shell('/pulse', 'routes.pulse'),
  shell('/configuration', 'routes.configuration'),
  shell('/set-up-mandate/success', 'routes.setUpMandateSuccess'),
  shell('/set-up-mandate/failure', 'routes.setUpMandateFailure'),
  shell('/onboard/driving-school/success', 'routes.onboardSuccess'),
  shell('/lms', 'routes.lms'),
  shell('/lms-question-tutor', 'routes.lmsQuestionTutor'),
  shell('/lms-theme-loop', 'routes.lmsThemeLoop'),
  shell('/unterricht', 'routes.unterricht'),
  shell('/base-knowledge', 'routes.baseKnowledge'),
  shell('/additional-knowledge-a', 'routes.additionalKnowledgeA'),
  shell('/additional-knowledge-b', 'routes.additionalKnowledgeB'),
  // Outside the shell.
  {
    path: '/register/{token}',
    permissions: [],
    layout: 'public',
    screen: 'notAvailable',
    title: 'routes.publicRegistration',
    note: "Not in the spec's table: the public registration form a school's registration QR code points to (its URL comes from /driving-schools/current/drive-buzz-registration-url).",
  },
  { path: '/about', permissions: [], layout: 'public', screen: 'about', title: 'routes.about' },
  {
    path: '/logout',
    permissions: [],
    layout: 'signedIn',
    screen: 'logout',
    title: 'routes.logout',
  },
  { path: '/login', permissions: [], layout: 'guest', screen: 'login', title: 'routes.login' },
  {
    path: '/forgot-password',
    permissions: [],
    layout: 'guest',
    screen: 'forgotPassword',
    title: 'routes.forgotPassword',
  },
  {
    path: '/reset-password',
    permissions: [],
    layout: 'guest',
    screen: 'resetPassword',
    title: 'routes.resetPassword',
  },
  {
    path: '/support-user-token-login/{token}',
    permissions: [],
    layout: 'guest',
    screen: 'supportLogin',
    title: 'routes.supportLogin',
  },
  {
    path: '/fibu-fix',
    permissions: [],
    layout: 'public',
    screen: 'notAvailable',
    title: 'routes.fibuFix',
    note: 'Opens an external bookkeeping portal in a new window; the portal address is not shown in the spec.',
  },
  {
    path: '/book-mirror',
    permissions: [],
    layout: 'public',
    screen: 'notAvailable',
    title: 'routes.bookMirror',
  },
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

export function findRoute(path: string): RouteDef | undefined {
  return ROUTES.find((route) => route.path === path);
}
