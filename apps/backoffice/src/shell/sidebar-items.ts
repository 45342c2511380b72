import type { PermissionKey } from '@fahrwerk/api';
import { findRoute } from '../routes/route-table';

/**
 * The sidebar of spec 000 §2. An entry is shown only when the user has every permission
 * of the route it opens (taken from the route table, so the two never disagree) plus the
 * entry's own `requires`. The spec lists no permission for the communication, onboarding
 * and bookkeeping-portal routes; in the sidebar we show them only to roles with the
 * matching module (communication, company, accounting), so an instructor's sidebar is not
 * cluttered with the office's tools. The routes themselves stay open as the spec says.
 */
export type SidebarEntry = {
  id: string;
  /** Translation key (namespace `backoffice`). */
  label: string;
  /** A path of the route table. */
  to: string;
  /** Query string the entry opens with (mail folders, registration views). */
  search?: Record<string, string>;
  /** Opens in a new window (the external bookkeeping portal). */
  external?: boolean;
  /** Module keys the entry needs beyond its route's permissions. */
  requires?: PermissionKey[];
};

const COMMUNICATION: PermissionKey[] = ['MODULE_COMMUNICATION'];

export type SidebarSection = { id: string; label: string; entries: SidebarEntry[] };

export const SIDEBAR: SidebarSection[] = [
  {
    id: 'main',
    label: 'sidebar.sections.main',
    entries: [
      { id: 'dashboard', label: 'sidebar.dashboard', to: '/' },
      { id: 'scheduler', label: 'sidebar.scheduler', to: '/scheduler' },
      { id: 'students', label: 'sidebar.students', to: '/students' },
      { id: 'theory', label: 'sidebar.theory', to: '/theory' },
      { id: 'tasks', label: 'sidebar.tasks', to: '/todo' },
      { id: 'theoryExams', label: 'sidebar.theoryExams', to: '/theory-exam' },
      { id: 'practicalExams', label: 'sidebar.practicalExams', to: '/practical-exam' },
      { id: 'costBearers', label: 'sidebar.costBearers', to: '/payers' },
    ],
  },
  {
    id: 'communication',
    label: 'sidebar.sections.communication',
    entries: [
      {
        id: 'registration',
        label: 'sidebar.registration',
        to: '/registration',
        requires: COMMUNICATION,
      },
      {
        id: 'interestedPersons',
        label: 'sidebar.interestedPersons',
        to: '/registration',
        search: { view: 'interested' },
      },
      {
        id: 'mailInbox',
        label: 'sidebar.mailInbox',
        to: '/email',
        search: { folder: 'inbox' },
        requires: COMMUNICATION,
      },
      {
        id: 'mailOutbox',
        label: 'sidebar.mailOutbox',
        to: '/email',
        search: { folder: 'outbox' },
        requires: COMMUNICATION,
      },
      {
        id: 'mailAll',
        label: 'sidebar.mailAll',
        to: '/email',
        search: { folder: 'all' },
        requires: COMMUNICATION,
      },
      {
        id: 'mailNew',
        label: 'sidebar.mailNew',
        to: '/email',
        search: { compose: 'new' },
        requires: COMMUNICATION,
      },
      {
        id: 'mailTemplates',
        label: 'sidebar.mailTemplates',
        to: '/email-templates',
        search: { section: 'templates' },
        requires: COMMUNICATION,
      },
      {
        id: 'mailTemplateGroups',
        label: 'sidebar.mailTemplateGroups',
        to: '/email-templates',
        search: { section: 'categories' },
        requires: COMMUNICATION,
      },
      {
        id: 'mailPlaceholders',
        label: 'sidebar.mailPlaceholders',
        to: '/email-templates',
        search: { section: 'placeholders' },
        requires: COMMUNICATION,
      },
      {
        id: 'broadcasting',
        label: 'sidebar.broadcasting',
        to: '/broadcast',
        requires: COMMUNICATION,
      },
      { id: 'messaging', label: 'sidebar.messaging', to: '/messaging', requires: COMMUNICATION },
      {
        id: 'automaticMessages',
        label: 'sidebar.automaticMessages',
        to: '/automatic-messages',
        requires: COMMUNICATION,
      },
      { id: 'pulse', label: 'sidebar.pulse', to: '/pulse', requires: COMMUNICATION },
    ],
  },
  {
    id: 'reports',
    label: 'sidebar.sections.reports',
    entries: [
      { id: 'finances', label: 'sidebar.finances', to: '/finances' },
      { id: 'training', label: 'sidebar.training', to: '/training' },
      { id: 'planning', label: 'sidebar.planning', to: '/planning' },
      { id: 'learn', label: 'sidebar.learn', to: '/learn' },
      { id: 'export', label: 'sidebar.export', to: '/export' },
      { id: 'billingRun', label: 'sidebar.billingRun', to: '/invoice' },
    ],
  },
  {
    id: 'money',
    label: 'sidebar.sections.money',
    entries: [
      { id: 'accounting', label: 'sidebar.accounting', to: '/accounting' },
      {
        id: 'bookkeepingExport',
        label: 'sidebar.bookkeepingExport',
        to: '/fibu-fix',
        external: true,
        requires: ['MODULE_ACCOUNTING'],
      },
      { id: 'payrollHandover', label: 'sidebar.payrollHandover', to: '/perso-fix' },
      { id: 'apOverview', label: 'sidebar.apOverview', to: '/automatic-payments-overview' },
      { id: 'apClassic', label: 'sidebar.apClassic', to: '/automatic-payments-classic-pay' },
      { id: 'apLive', label: 'sidebar.apLive', to: '/automatic-payments-live-pay' },
      { id: 'apFlash', label: 'sidebar.apFlash', to: '/automatic-payments-flash-pay' },
      {
        id: 'apPaymentDocuments',
        label: 'sidebar.apPaymentDocuments',
        to: '/automatic-payments-payment-documents',
      },
      {
        id: 'apServiceBundles',
        label: 'sidebar.apServiceBundles',
        to: '/automatic-payment-triggers',
      },
    ],
  },
  {
    id: 'company',
    label: 'sidebar.sections.company',
    entries: [
      { id: 'company', label: 'sidebar.company', to: '/master-data' },
      { id: 'users', label: 'sidebar.users', to: '/instructors' },
      { id: 'roles', label: 'sidebar.roles', to: '/roles' },
      { id: 'branches', label: 'sidebar.branches', to: '/branches' },
      { id: 'vehicles', label: 'sidebar.vehicles', to: '/vehicles' },
      { id: 'products', label: 'sidebar.products', to: '/products' },
      { id: 'priceLists', label: 'sidebar.priceLists', to: '/price-lists' },
      { id: 'configuration', label: 'sidebar.configuration', to: '/configurations' },
      {
        id: 'onboarding',
        label: 'sidebar.onboarding',
        // The setup checklist (master data, mail account, price list, instructor, vehicle,
        // branch), the page the online onboarding ends on.
        to: '/onboard/driving-school/success',
        requires: ['MODULE_COMPANY'],
      },
    ],
  },
  {
    id: 'learning',
    label: 'sidebar.sections.learning',
    entries: [
      { id: 'lms', label: 'sidebar.lms', to: '/lms' },
      { id: 'unterricht', label: 'sidebar.unterricht', to: '/unterricht' },
    ],
  },
  {
    id: 'help',
    label: 'sidebar.sections.help',
    entries: [{ id: 'help', label: 'sidebar.help', to: '/about' }],
  },
];

export function permissionsOf(entry: SidebarEntry): PermissionKey[] {
  const route = findRoute(entry.to);
  if (!route) throw new Error(`Sidebar entry ${entry.id} opens ${entry.to}, which is not a route.`);
  return [...route.permissions, ...(entry.requires ?? [])];
}

/** The sidebar as the user may see it: entries they lack permission for are left out. */
export function visibleSidebar(can: (keys: PermissionKey[]) => boolean): SidebarSection[] {
  return SIDEBAR.map((section) => ({
    ...section,
    entries: section.entries.filter((entry) => can(permissionsOf(entry))),
  })).filter((section) => section.entries.length > 0);
}
