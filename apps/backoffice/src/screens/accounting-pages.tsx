import {
  AccountingScreen,
  ExportScreen,
  FibuFixScreen,
  PersoFixScreen,
} from '@fahrwerk/accounting';
import { useNavigate } from '@tanstack/react-router';
import type { Pages } from './screens';

/** The accounts configuration lives on the configuration page of the company settings. */
const ACCOUNTS_ROUTE = '/configurations';

function AccountingPage() {
  const navigate = useNavigate();
  return <AccountingScreen onEditAccounts={() => navigate({ href: ACCOUNTS_ROUTE })} />;
}

function ExportPage() {
  const navigate = useNavigate();
  return <ExportScreen onOpenAccounting={() => navigate({ href: '/accounting' })} />;
}

function FibuFixPage() {
  const navigate = useNavigate();
  return <FibuFixScreen onEditAccounts={() => navigate({ href: ACCOUNTS_ROUTE })} />;
}

function PersoFixPage() {
  return <PersoFixScreen />;
}

/**
 * The DATEV export, the payroll export, the bookkeeping portal (issue 14) and the payroll
 * hand-over: `accounting.<name>`.
 */
export const ACCOUNTING_PAGES = {
  accounting: AccountingPage,
  export: ExportPage,
  fibuFix: FibuFixPage,
  persoFix: PersoFixPage,
} satisfies Pages;
