import {
  ApiForm,
  FormDateField,
  FormSelect,
  FormTextField,
  readServerErrors,
  useApiForm,
  useCan,
} from '@fahrwerk/core';
import {
  Button,
  ConfirmDialog,
  ErrorState,
  FieldColumns,
  PageHeader,
  Section,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  type FinancialConfig,
  type ManualDocumentType,
  type Payer,
  type PaymentDocument,
  useDocumentFiles,
  useEducationPrices,
  useFinancialConfig,
  useIssuePaymentDocument,
  usePaymentDocument,
  useSavePaymentDocument,
} from './api/form-queries';
import { useDeleteDocument } from './api/invoice-queries';
import { DocumentLinesFields } from './components/document-lines-fields';
import { DocumentPreview, type PreviewRequest } from './components/document-preview';
import { DocumentStatusBadge, DocumentSummary } from './components/document-summary';
import { IssuedDocumentActions } from './components/issued-document-actions';
import { CostBearerPayerField, StudentPayerFields } from './components/payer-fields';
import {
  documentToForm,
  emptyPaymentDocumentForm,
  formToPaymentDocumentInput,
  type PaymentDocumentForm,
  paymentDocumentFormSchema,
} from './schemas/payment-document-form';
import { useInvoicesTranslation } from './use-invoices-translation';

export type PaymentDocumentFormScreenProps = {
  /** PAYMENT_REQUEST (`/payment-request`, `/payers/payment-request`), PARTIAL_INVOICE (`/partial-invoice`) or DEPOSIT_INVOICE (`/payers/deposit-invoice`). */
  type: ManualDocumentType;
  /** Who pays: a student (with an education) or a cost bearer. */
  payer: Payer;
  /** The student chosen in advance (from the student record). */
  studentId?: number;
  studentEducationId?: number;
  /** The cost bearer chosen in advance (from the cost bearer's record). */
  costBearerId?: number;
  /** A draft to go on with; an issued document is shown read-only. */
  documentId?: number;
  /** After a save: the draft as the server answered it (e.g. put its id into the URL). */
  onSaved?: (document: PaymentDocument) => void;
  /** After issuing. */
  onIssued?: (document: PaymentDocument) => void;
  /** After the draft was deleted. */
  onDeleted?: () => void;
  /** "Zurück"; no button without. */
  onBack?: () => void;
};

/** The footnote the configuration prints under this kind of document. */
function defaultFootnote(
  config: FinancialConfig | undefined,
  type: ManualDocumentType,
  payer: Payer,
) {
  if (!config) return undefined;
  if (type === 'PAYMENT_REQUEST') {
    return payer === 'student'
      ? config.studentPaymentRequestFootnote
      : config.costBearerPaymentRequestFootnote;
  }
  return payer === 'student'
    ? config.studentFinalInvoiceFootnote
    : config.costBearerFinalInvoiceFootnote;
}

/**
 * Writes a payment request, partial or deposit invoice by hand: the payer, the lines (free text
 * or from the education's prices), the dates and the footnote; saves it as a draft, shows the
 * draft's PDF, issues it after a confirmation (an issued invoice never changes; a payment
 * request is no invoice and gets no number) or deletes the draft.
 */
export function PaymentDocumentFormScreen(props: PaymentDocumentFormScreenProps) {
  const { t } = useInvoicesTranslation();
  // A draft deleted here is not loaded again (it is gone) while the host still names it.
  const [deletedId, setDeletedId] = useState<number>();
  const documentId = props.documentId === deletedId ? undefined : props.documentId;
  const existing = usePaymentDocument(documentId);
  if (documentId !== undefined) {
    if (existing.isPending) {
      return (
        <div className="flex justify-center py-12 text-brand-600">
          <Spinner label={t('forms.loading')} />
        </div>
      );
    }
    if (existing.isError) {
      return (
        <ErrorState
          message={t('forms.loadError')}
          onRetry={() => void existing.refetch()}
          isRetrying={existing.isFetching}
        />
      );
    }
  }
  return (
    <PaymentDocumentEditor
      {...props}
      initial={documentId === undefined ? undefined : existing.data}
      onDeleted={(id) => {
        setDeletedId(id);
        props.onDeleted?.();
      }}
    />
  );
}

type Step = 'preview' | 'issue' | null;

function PaymentDocumentEditor({
  type,
  payer,
  studentId,
  studentEducationId,
  costBearerId,
  initial,
  onSaved,
  onIssued,
  onDeleted,
  onBack,
}: Omit<PaymentDocumentFormScreenProps, 'onDeleted'> & {
  initial: PaymentDocument | undefined;
  onDeleted: (id: number) => void;
}) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const canWrite = useCan('MODULE_AUTOMATIC_PAYMENTS_WRITE', 'MODULE_PAYMENT_WRITE');
  const save = useSavePaymentDocument();
  const issue = useIssuePaymentDocument();
  const remove = useDeleteDocument({ silent: true });
  const files = useDocumentFiles();
  const config = useFinancialConfig();
  const [saved, setSaved] = useState<PaymentDocument | null>(initial ?? null);
  // The host opened another document (or a new one): start from it. A save of this editor
  // that the host puts into the URL arrives with the id already saved and changes nothing.
  const shownId = useRef(initial?.id);
  const [preview, setPreview] = useState<PreviewRequest | null>(null);
  const [confirmIssue, setConfirmIssue] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const nextStep = useRef<Step>(null);
  const documentType = initial?.type ?? type;
  const isRequest = documentType === 'PAYMENT_REQUEST';
  const typeLabel = t(`forms.types.${documentType}`);

  const form = useApiForm({
    schema: paymentDocumentFormSchema(payer),
    defaultValues: initial
      ? documentToForm(initial)
      : emptyPaymentDocumentForm({ studentId, studentEducationId, costBearerId }),
    t,
    submit: async (values) => {
      const step = nextStep.current;
      nextStep.current = null;
      const document = await save.mutateAsync({
        ...(saved ? { id: saved.id } : {}),
        input: formToPaymentDocumentInput(
          values,
          documentType as ManualDocumentType,
          payer,
          saved?.visible ?? true,
        ),
      });
      setSaved(document);
      form.reset(documentToForm(document));
      onSaved?.(document);
      if (step === 'preview') openPreview(document);
      else if (step === 'issue') setConfirmIssue(true);
      else toast.success(t('forms.saved'));
    },
  });

  useEffect(() => {
    if (initial?.id === shownId.current) return;
    shownId.current = initial?.id;
    if (initial && initial.id === saved?.id) return;
    setSaved(initial ?? null);
    form.reset(
      initial
        ? documentToForm(initial)
        : emptyPaymentDocumentForm({ studentId, studentEducationId, costBearerId }),
    );
    form.setProblems([]);
  }, [initial, saved, form, studentId, studentEducationId, costBearerId]);

  // The configured footnote for a new document, once the configuration is there.
  const footnote = defaultFootnote(config.data, documentType as ManualDocumentType, payer);
  const { getFieldState, resetField } = form;
  const footnoteSuggested = useRef(false);
  useEffect(() => {
    if (initial || !footnote || footnoteSuggested.current) return;
    footnoteSuggested.current = true;
    if (getFieldState('footnote').isDirty) return;
    resetField('footnote', { defaultValue: footnote });
  }, [footnote, initial, getFieldState, resetField]);

  const serviceMode = useWatch({ control: form.control, name: 'serviceMode' });
  const educationId = useWatch({ control: form.control, name: 'studentEducationId' });
  const prices = useEducationPrices(payer === 'student' ? educationId : null);

  function openPreview(document: PaymentDocument) {
    setPreview({
      key: ['payment-document-pdf', document.id, document.updatedAt],
      title: t('forms.previewTitle', { type: t(`forms.types.${document.type}`) }),
      load: (removeLetterhead) => files.pdf(document, removeLetterhead),
      allowRemoveLetterhead: true,
    });
  }

  const runStep = (step: Step) => {
    nextStep.current = step;
    void form.onSubmit().finally(() => {
      nextStep.current = null;
    });
  };

  const handleIssue = async () => {
    if (!saved) return;
    try {
      const document = await issue.mutateAsync(saved.id);
      setSaved(document);
      toast.success(
        t(isRequest ? 'forms.issuedRequest' : 'forms.issued', { number: document.number ?? '' }),
      );
      onIssued?.(document);
    } catch (error) {
      setConfirmIssue(false);
      const placement = readServerErrors<keyof PaymentDocumentForm>(error, {
        fieldFor: (field) =>
          field in form.getValues() && field !== 'lines'
            ? (field as keyof PaymentDocumentForm)
            : null,
        alertOn: 'every-failure',
      });
      for (const field of placement.fields) {
        form.setError(field.name, { type: 'server', message: field.message });
      }
      form.setProblems(placement.alert);
    }
  };

  const handleDelete = async () => {
    if (!saved) return;
    try {
      await remove.mutateAsync(saved.id);
    } catch (error) {
      setConfirmDelete(false);
      form.setProblems(
        readServerErrors(error, { fieldFor: () => null, alertOn: 'every-failure' }).alert,
      );
      return;
    }
    toast.success(t('messages.delete_success'));
    const deletedId = saved.id;
    setSaved(null);
    form.reset(emptyPaymentDocumentForm({ studentId, studentEducationId, costBearerId, footnote }));
    onDeleted(deletedId);
  };

  const back = onBack ? (
    <Button variant="secondary" size="sm" onPress={onBack}>
      {t('forms.back')}
    </Button>
  ) : undefined;
  const title = t(payer === 'student' ? 'forms.titleStudent' : 'forms.titleCostBearer', {
    type: typeLabel,
  });

  // Issued: never changes again; shown as the server keeps it.
  if (saved && saved.status !== 'DRAFT') {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader
          eyebrow={back}
          title={
            saved.number
              ? t('forms.issuedTitle', { type: typeLabel, number: saved.number })
              : typeLabel
          }
          description={t(isRequest ? 'forms.issuedRequestHint' : 'forms.issuedHint')}
          actions={<IssuedDocumentActions document={saved} />}
        />
        <Section title={t('forms.summary.title')}>
          <DocumentSummary document={saved} />
        </Section>
      </div>
    );
  }

  const busy = form.formState.isSubmitting || issue.isPending || remove.isPending;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow={back}
        title={title}
        description={saved ? <DocumentStatusBadge status={saved.status} /> : t('forms.newHint')}
      />
      <ApiForm form={form} aria-label={title} className="flex flex-col gap-6">
        <Section title={t('forms.sections.payer')} columns>
          {payer === 'student' ? (
            <StudentPayerFields isReadOnly={saved !== null} />
          ) : (
            <CostBearerPayerField isReadOnly={saved !== null} />
          )}
        </Section>
        <Section title={t('forms.sections.dates')}>
          <FieldColumns>
            <FormDateField
              control={form.control}
              name="issueDate"
              label={t('forms.fields.issueDate')}
              description={t(
                isRequest ? 'forms.fields.issueDateRequestHint' : 'forms.fields.issueDateHint',
              )}
            />
            <FormDateField
              control={form.control}
              name="dueDate"
              label={t('forms.fields.dueDate')}
            />
            <FormSelect
              control={form.control}
              name="serviceMode"
              label={t('forms.fields.serviceMode')}
              options={[
                { id: 'date', label: t('forms.fields.serviceDate') },
                { id: 'period', label: t('forms.fields.servicePeriod') },
              ]}
              isRequired
            />
            {serviceMode === 'date' ? (
              <FormDateField
                control={form.control}
                name="serviceDate"
                label={t('forms.fields.serviceDate')}
              />
            ) : (
              <div className="grid grid-cols-2 gap-3">
                <FormDateField
                  control={form.control}
                  name="servicePeriodFrom"
                  label={t('forms.fields.servicePeriodFrom')}
                />
                <FormDateField
                  control={form.control}
                  name="servicePeriodTo"
                  label={t('forms.fields.servicePeriodTo')}
                />
              </div>
            )}
          </FieldColumns>
        </Section>
        <Section title={t('forms.lines.title')} description={t('forms.lines.hint')}>
          <DocumentLinesFields {...(prices.data ? { prices: prices.data } : {})} />
        </Section>
        <Section title={t('forms.sections.footnote')}>
          <FormTextField
            control={form.control}
            name="footnote"
            label={t('forms.fields.footnote')}
            isMultiline
            maxLength={2000}
          />
        </Section>
        {saved && (
          <Section title={t('forms.summary.savedTitle')} description={t('forms.summary.savedHint')}>
            <DocumentSummary document={saved} />
          </Section>
        )}
        {canWrite && (
          <div className="flex flex-wrap justify-end gap-2">
            {saved && (
              <Button
                variant="destructive"
                onPress={() => setConfirmDelete(true)}
                isDisabled={busy}
              >
                {t('forms.deleteDraft')}
              </Button>
            )}
            <Button variant="secondary" onPress={() => runStep('preview')} isDisabled={busy}>
              {t('forms.preview')}
            </Button>
            <Button variant="secondary" type="submit" isPending={form.formState.isSubmitting}>
              {t('forms.saveDraft')}
            </Button>
            <Button onPress={() => runStep('issue')} isDisabled={busy}>
              {t('forms.issue')}
            </Button>
          </div>
        )}
      </ApiForm>
      <DocumentPreview request={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        isOpen={confirmIssue}
        onOpenChange={setConfirmIssue}
        title={t(isRequest ? 'forms.issueRequestTitle' : 'forms.issueTitle', { type: typeLabel })}
        confirmLabel={t('forms.issue')}
        onConfirm={handleIssue}
      >
        {t(isRequest ? 'forms.issueRequestText' : 'forms.issueText')}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={confirmDelete}
        onOpenChange={setConfirmDelete}
        variant="destructive"
        title={t('forms.deleteTitle')}
        confirmLabel={t('forms.deleteDraft')}
        onConfirm={handleDelete}
      >
        {t('forms.deleteText', { type: typeLabel })}
      </ConfirmDialog>
    </div>
  );
}
