import { errorToastMessage } from '@fahrwerk/api';
import { FormAlert, useCan } from '@fahrwerk/core';
import {
  Button,
  cn,
  DateField,
  formatMoney,
  PageHeader,
  Section,
  Select,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type FinalInvoiceCandidate,
  type PaymentDocument,
  useCreateFinalInvoices,
  useStartBillingRun,
} from './api/invoice-queries';
import { DocumentPdfDialog } from './components/document-pdf-dialog';
import { InvoiceWizardChoose, type WizardMode } from './invoice-wizard-choose';
import { InvoiceWizardReview } from './invoice-wizard-review';
import { useInvoicesTranslation } from './use-invoices-translation';

export type InvoiceWizardProps = {
  /** Lists only this cost bearer's students (the cost bearer's invoices tab). */
  costBearerId?: number;
  /** One customer's final invoices were issued (all or none). */
  onIssued?: (documents: PaymentDocument[]) => void;
  /** A billing run was queued; the host shows it on `/invoice?run=<id>`. */
  onRunStarted?: (runId: number) => void;
  /** Shows "Abbrechen" on the first step. */
  onCancel?: () => void;
};

type Step = 'choose' | 'review' | 'issue' | 'done';
const STEPS: Exclude<Step, 'done'>[] = ['choose', 'review', 'issue'];

/**
 * The invoice wizard: 1 choose finished educations, 2 review each final invoice with its PDF
 * preview, 3 issue — for one customer at once (`createFinalInvoices`, all or none), for many
 * students as a billing run in the background that continues on the billing-run screen.
 */
export function InvoiceWizard({
  costBearerId,
  onIssued,
  onRunStarted,
  onCancel,
}: InvoiceWizardProps) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const canIssue = useCan('MODULE_AUTOMATIC_PAYMENTS_WRITE', 'MODULE_PAYMENT_WRITE');
  const [step, setStep] = useState<Step>('choose');
  const [mode, setMode] = useState<WizardMode>('single');
  const [selected, setSelected] = useState<Map<number, FinalInvoiceCandidate>>(new Map());
  const [issueDate, setIssueDate] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [issued, setIssued] = useState<PaymentDocument[]>([]);
  const [viewing, setViewing] = useState<PaymentDocument | null>(null);
  const create = useCreateFinalInvoices();
  const startRun = useStartBillingRun();
  const chosen = [...selected.values()];
  const sum = chosen.reduce((total, row) => total + row.totalGross, 0);
  const students = new Set(chosen.map((row) => row.studentId)).size;
  const failure = create.error ?? startRun.error;

  const changeMode = (next: WizardMode) => {
    setMode(next);
    if (next === 'single') {
      // One customer only: keep the educations of the student chosen first.
      const first = chosen[0]?.studentId;
      setSelected(
        new Map(
          chosen
            .filter((row) => row.studentId === first)
            .map((row) => [row.studentEducationId, row]),
        ),
      );
    }
  };

  const restart = () => {
    setStep('choose');
    setSelected(new Map());
    setIssued([]);
    create.reset();
    startRun.reset();
  };

  const dates = {
    ...(issueDate ? { issueDate } : {}),
    ...(dueDate ? { dueDate } : {}),
  };
  const issue = () => {
    const studentEducationIds = chosen.map((row) => row.studentEducationId);
    if (mode === 'single') {
      create.mutate(
        { studentEducationIds, ...dates },
        {
          onSuccess: (documents) => {
            setIssued(documents);
            setStep('done');
            toast.success(t('wizard.issuedToast', { count: documents.length }));
            onIssued?.(documents);
          },
        },
      );
    } else {
      startRun.mutate(
        { studentEducationIds, ...dates },
        {
          onSuccess: (run) => {
            toast.success(t('wizard.runStartedToast', { id: run.id }));
            if (onRunStarted) onRunStarted(run.id);
            else setStep('done');
          },
        },
      );
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('wizard.title')}
        description={canIssue ? t('wizard.description') : t('wizard.readOnly')}
      />
      <ol aria-label={t('wizard.steps')} className="flex flex-wrap gap-2 text-sm">
        {STEPS.map((name, index) => {
          const current = step === name;
          return (
            <li
              key={name}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'rounded-full border px-3 py-1',
                current
                  ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800'
                  : 'border-neutral-300 text-neutral-700',
              )}
            >
              {t('wizard.stepLabel', { number: index + 1, name: t(`wizard.stepNames.${name}`) })}
            </li>
          );
        })}
      </ol>

      {step === 'choose' && (
        <Section
          title={t('wizard.chooseTitle')}
          actions={
            <Select
              label={t('wizard.mode')}
              items={[
                { id: 'single', label: t('wizard.modes.single') },
                { id: 'run', label: t('wizard.modes.run') },
              ]}
              selectedKey={mode}
              onSelectionChange={(key) => changeMode(key === 'run' ? 'run' : 'single')}
            />
          }
        >
          <InvoiceWizardChoose
            mode={mode}
            {...(costBearerId !== undefined ? { costBearerId } : {})}
            selected={selected}
            onSelectedChange={setSelected}
          />
        </Section>
      )}

      {step === 'review' && (
        <Section title={t('wizard.reviewTitle')} description={t('wizard.reviewHint')}>
          <InvoiceWizardReview selected={chosen} />
        </Section>
      )}

      {step === 'issue' && (
        <Section title={t('wizard.issueTitle')}>
          <p className="text-sm text-neutral-800">
            {mode === 'single'
              ? t('wizard.issueSingle', {
                  count: chosen.length,
                  name: chosen[0]?.studentName ?? '',
                  sum: formatMoney(sum),
                })
              : t('wizard.issueRun', { count: students, sum: formatMoney(sum) })}
          </p>
          {mode === 'run' && <p className="text-sm text-neutral-700">{t('wizard.runHint')}</p>}
          <div className="flex flex-wrap gap-4">
            <DateField
              label={t('wizard.issueDate')}
              description={t('wizard.issueDateHint')}
              value={issueDate}
              onChange={setIssueDate}
            />
            <DateField label={t('wizard.dueDate')} value={dueDate} onChange={setDueDate} />
          </div>
          {failure && <FormAlert>{errorToastMessage(failure, t)}</FormAlert>}
        </Section>
      )}

      {step === 'done' && (
        <Section title={t('wizard.doneTitle')}>
          {issued.length > 0 ? (
            <ul
              aria-label={t('wizard.issuedList')}
              className="flex flex-col divide-y divide-neutral-200"
            >
              {issued.map((document) => (
                <li key={document.id} className="flex items-center justify-between gap-3 py-2">
                  <span>
                    <span className="font-medium text-neutral-900">{document.number}</span>
                    {' · '}
                    {document.recipientName}
                    {' · '}
                    {formatMoney(document.totalGross)}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('runs.pdfOf', { number: document.number ?? '' })}
                    onPress={() => setViewing(document)}
                  >
                    {t('runs.pdf')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-neutral-800">{t('wizard.runStartedText')}</p>
          )}
          <DocumentPdfDialog document={viewing} onClose={() => setViewing(null)} />
        </Section>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm text-neutral-700" aria-live="polite">
          {step !== 'done' &&
            t('wizard.selection', { count: chosen.length, sum: formatMoney(sum) })}
        </span>
        <div className="flex gap-2">
          {step === 'choose' && onCancel && (
            <Button variant="quiet" onPress={onCancel}>
              {t('wizard.cancel')}
            </Button>
          )}
          {(step === 'review' || step === 'issue') && (
            <Button
              variant="secondary"
              onPress={() => {
                create.reset();
                startRun.reset();
                setStep(step === 'issue' ? 'review' : 'choose');
              }}
            >
              {t('wizard.back')}
            </Button>
          )}
          {(step === 'choose' || step === 'review') && (
            <Button
              isDisabled={chosen.length === 0 || (step === 'review' && !canIssue)}
              onPress={() => setStep(step === 'choose' ? 'review' : 'issue')}
            >
              {t('wizard.next')}
            </Button>
          )}
          {step === 'issue' && (
            <Button isPending={create.isPending || startRun.isPending} onPress={issue}>
              {mode === 'single'
                ? t('wizard.issueButton', { count: chosen.length })
                : t('wizard.startRun')}
            </Button>
          )}
          {step === 'done' && <Button onPress={restart}>{t('wizard.again')}</Button>}
        </div>
      </div>
    </div>
  );
}
