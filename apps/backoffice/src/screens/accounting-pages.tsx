import {
  AccountingScreen,
  ExportScreen,
  FibuFixScreen,
  PersoFixScreen,
} from '@fahrwerk/accounting';
import { Spinner } from '@fahrwerk/ui';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pages } from './screens';

/** The accounts configuration lives on the configuration page of the company settings. */
const ACCOUNTS_ROUTE = '/configurations';

function AccountingPage() {
  const navigate = useNavigate();
  return <AccountingScreen onEditAccounts={() => navigate({ href: ACCOUNTS_ROUTE })} />;
}

// The report files (issue 17): the reports package's exports entry, without the charts.
const ReportExportsPanel = lazy(() =>
  import('@fahrwerk/reports/exports').then((module) => ({ default: module.ReportExportsPanel })),
);

/** `/export`: DATEV and payroll files (accounting), then every report as CSV or Excel. */
function ExportPage() {
  const navigate = useNavigate();
  const { t } = useTranslation('backoffice');
  return (
    <div className="flex flex-col gap-4">
      <ExportScreen onOpenAccounting={() => navigate({ href: '/accounting' })} />
      <Suspense fallback={<Spinner label={t('loading')} />}>
        <ReportExportsPanel />
      </Suspense>
    </div>
  );
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
