import {
  AutomaticPaymentTriggersScreen,
  BalancePanel,
  MandateSetupResultScreen,
  MandatesPanel,
  PaymentsOverviewScreen,
  type PaymentWorkflow,
  PaymentWorkflowScreen,
  PublicMandateFormScreen,
  StudentPaymentsPanel,
} from '@fahrwerk/payments';
import { Link } from '@fahrwerk/ui';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Pages } from './screens';

/** The list route of each payment workflow (spec 001 §2). */
export const WORKFLOW_ROUTES: Record<PaymentWorkflow, string> = {
  CLASSIC_PAY: '/automatic-payments-classic-pay',
  FLASH_PAY: '/automatic-payments-flash-pay',
  LIVE_PAY: '/automatic-payments-live-pay',
};

/** A positive whole id from a search parameter, or null. */
function idOf(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `/automatic-payments-overview`: the school's balances and one tile per workflow. */
function OverviewPage() {
  const navigate = useNavigate();
  return (
    <PaymentsOverviewScreen
      onOpenWorkflow={(workflow) => navigate({ href: WORKFLOW_ROUTES[workflow] })}
      onOpenTriggers={() => navigate({ href: '/automatic-payment-triggers' })}
    />
  );
}

/** A workflow's list; a student opens on the record's payments tab. */
function WorkflowPage({ workflow }: { workflow: PaymentWorkflow }) {
  const navigate = useNavigate();
  return (
    <PaymentWorkflowScreen
      key={workflow}
      workflow={workflow}
      onOpenStudent={(studentId) => navigate({ href: `/students/edit/${studentId}?tab=payments` })}
    />
  );
}

function TriggersPage() {
  const navigate = useNavigate();
  return (
    <AutomaticPaymentTriggersScreen
      onBack={() => navigate({ href: '/automatic-payments-overview' })}
    />
  );
}

/**
 * `/mandate` (spec 001: "new mandate", customers area): the mandates of `?studentId=` with
 * "Mandat erfassen" and "Mandat per E-Mail anfordern"; without a student, the way to one.
 * The student record's payments tab shows the same panel.
 */
function MandatePage() {
  const { t } = useTranslation('backoffice');
  const search = useSearch({ strict: false }) as { studentId?: unknown; educationId?: unknown };
  const studentId = idOf(search.studentId);
  const educationId = idOf(search.educationId);
  if (studentId === null) {
    return (
      <div className="mx-auto max-w-2xl space-y-3 p-6">
        <h1 className="font-semibold text-xl">{t('mandatePage.title')}</h1>
        <p className="text-neutral-700">{t('mandatePage.chooseStudent')}</p>
        <Link href="/students">{t('mandatePage.toStudents')}</Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-6">
      <h1 className="font-semibold text-xl">{t('mandatePage.title')}</h1>
      <MandatesPanel
        key={studentId}
        studentId={studentId}
        {...(educationId !== null ? { studentEducationId: educationId } : {})}
      />
    </div>
  );
}

/** `/set-up-mandate?token=…` (public): the form of the mandate e-mail's link. */
function PublicMandateFormPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { token?: unknown };
  const token = typeof search.token === 'string' ? search.token : '';
  if (!token) {
    return <MandateSetupResultScreen kind="failure" />;
  }
  return (
    <PublicMandateFormScreen
      token={token}
      onSuccess={() => navigate({ href: '/set-up-mandate/success', replace: true })}
      onFailure={() => navigate({ href: '/set-up-mandate/failure', replace: true })}
    />
  );
}

/** The student record's "Zahlungen" tab: balance, payments and SEPA mandates. */
export function StudentPaymentsTab({ studentId }: { studentId: number }) {
  return (
    <div className="space-y-6">
      <BalancePanel studentId={studentId} />
      <StudentPaymentsPanel studentId={studentId} />
      <MandatesPanel studentId={studentId} />
    </div>
  );
}

/** Payment workflows, triggers and mandates (issue 14): `payments.<name>` in the route table. */
export const PAYMENT_PAGES = {
  overview: OverviewPage,
  classicPay: () => <WorkflowPage workflow="CLASSIC_PAY" />,
  flashPay: () => <WorkflowPage workflow="FLASH_PAY" />,
  livePay: () => <WorkflowPage workflow="LIVE_PAY" />,
  triggers: TriggersPage,
  mandate: MandatePage,
  publicMandateForm: PublicMandateFormPage,
  mandateSuccess: () => <MandateSetupResultScreen kind="success" />,
  mandateFailure: () => <MandateSetupResultScreen kind="failure" />,
} satisfies Pages;
