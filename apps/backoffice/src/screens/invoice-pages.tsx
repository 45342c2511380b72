import {
  BillingRunScreen,
  CostBearerClassicPayScreen,
  CostBearerServicesScreen,
  DocumentsHistoryScreen,
  InvoiceWizard,
  type ManualDocumentType,
  type Payer,
  PaymentDocumentFormScreen,
  PaymentDocumentsScreen,
} from '@fahrwerk/invoices';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSession } from '../use-app';
import type { Pages } from './screens';

/** A positive whole id from a search or path parameter, or null. */
function idOf(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

const DOCUMENTS_ROUTE = '/automatic-payments-payment-documents';

/**
 * `/invoice` (the billing run): the runs, one run with `?run={id}` (a reload shows its
 * progress again), and the invoice wizard with `?wizard=1`. A wizard for one customer issues
 * at once and shows the invoices; for many students it starts a run and shows the run.
 */
function BillingRunPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { run?: unknown; wizard?: unknown };
  if (search.wizard !== undefined) {
    return (
      // One customer's invoices stay on the wizard's last step (numbers and PDFs).
      <InvoiceWizard
        onRunStarted={(runId) => navigate({ href: `/invoice?run=${runId}` })}
        onCancel={() => navigate({ href: '/invoice' })}
      />
    );
  }
  return (
    <BillingRunScreen
      runId={idOf(search.run)}
      onRunChange={(runId) =>
        navigate({ href: runId === null ? '/invoice' : `/invoice?run=${runId}` })
      }
      onStartRun={() => navigate({ href: '/invoice?wizard=1' })}
    />
  );
}

/**
 * `/automatic-payments-payment-documents`: the payment documents of the school, and the
 * invoice wizard with `?wizard=1` ("Schlussrechnungen erstellen"; a billing run it starts is
 * shown on `/invoice`).
 */
function PaymentDocumentsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { wizard?: unknown };
  if (!session) return null;
  if (search.wizard !== undefined) {
    return (
      <InvoiceWizard
        onRunStarted={(runId) => navigate({ href: `/invoice?run=${runId}` })}
        onCancel={() => navigate({ href: DOCUMENTS_ROUTE })}
      />
    );
  }
  return (
    <PaymentDocumentsScreen
      userId={session.user.id}
      onCreateFinalInvoices={() => navigate({ href: `${DOCUMENTS_ROUTE}?wizard=1` })}
    />
  );
}

/** `/automatic-payments-student-documents-history`: one student's documents with `?studentId=`. */
function DocumentsHistoryPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { studentId?: unknown };
  const base = '/automatic-payments-student-documents-history';
  return (
    <DocumentsHistoryScreen
      studentId={idOf(search.studentId)}
      onStudentChange={(studentId) =>
        navigate({ href: studentId === null ? base : `${base}?studentId=${studentId}` })
      }
    />
  );
}

/**
 * A payment request, partial or deposit invoice written by hand: `?documentId=` goes on with
 * a draft (put into the URL after the first save), `?studentId=`/`?studentEducationId=`/
 * `?costBearerId=` choose the payer in advance (from a record).
 */
function DocumentForm({ type, payer }: { type: ManualDocumentType; payer: Payer }) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const path = window.location.pathname;
  const documentId = idOf(search.documentId);
  const studentId = idOf(search.studentId);
  const studentEducationId = idOf(search.studentEducationId);
  const costBearerId = idOf(search.costBearerId);
  return (
    <PaymentDocumentFormScreen
      key={documentId ?? 'new'}
      type={type}
      payer={payer}
      {...(documentId !== null ? { documentId } : {})}
      {...(studentId !== null ? { studentId } : {})}
      {...(studentEducationId !== null ? { studentEducationId } : {})}
      {...(costBearerId !== null ? { costBearerId } : {})}
      onSaved={(document) => {
        if (document.id !== documentId) {
          navigate({ href: `${path}?documentId=${document.id}`, replace: true });
        }
      }}
      onIssued={() => navigate({ href: DOCUMENTS_ROUTE })}
      onDeleted={() => navigate({ href: DOCUMENTS_ROUTE })}
      onBack={() => window.history.back()}
    />
  );
}

type CostBearerParams = { params: { id: string } };

/** `/payers/services/{id}`: bill a cost bearer's services (service or course invoice). */
function CostBearerServicesPage({ params }: CostBearerParams) {
  const navigate = useNavigate();
  const id = idOf(params.id);
  if (id === null) return null;
  return (
    <CostBearerServicesScreen
      key={id}
      costBearerId={id}
      onIssued={() => navigate({ href: `/payers/classic-pay/${id}` })}
      onBack={() => navigate({ href: `/payers?id=${id}` })}
    />
  );
}

/** `/payers/classic-pay/{id}`: a cost bearer's saldo and documents. */
function CostBearerClassicPayPage({ params }: CostBearerParams) {
  const navigate = useNavigate();
  const id = idOf(params.id);
  if (id === null) return null;
  return (
    <CostBearerClassicPayScreen
      key={id}
      costBearerId={id}
      onBillServices={() => navigate({ href: `/payers/services/${id}` })}
      onBack={() => navigate({ href: `/payers?id=${id}` })}
    />
  );
}

/** Invoices and payment documents (issue 13): `invoices.<name>` in the route table. */
export const INVOICE_PAGES = {
  billingRun: BillingRunPage,
  paymentDocuments: PaymentDocumentsPage,
  documentsHistory: DocumentsHistoryPage,
  paymentRequest: () => <DocumentForm type="PAYMENT_REQUEST" payer="student" />,
  partialInvoice: () => <DocumentForm type="PARTIAL_INVOICE" payer="student" />,
  costBearerPaymentRequest: () => <DocumentForm type="PAYMENT_REQUEST" payer="costBearer" />,
  costBearerDepositInvoice: () => <DocumentForm type="DEPOSIT_INVOICE" payer="costBearer" />,
  costBearerServices: CostBearerServicesPage,
  costBearerClassicPay: CostBearerClassicPayPage,
} satisfies Pages;
