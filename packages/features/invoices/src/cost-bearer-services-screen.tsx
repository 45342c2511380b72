import { E_INVOICE_FORMATS } from '@fahrwerk/api';
import {
  ApiForm,
  FormCheckboxGroup,
  FormDateField,
  FormSelect,
  FormTextField,
  useApiForm,
  useCan,
} from '@fahrwerk/core';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  FieldColumns,
  formatDate,
  formatMoney,
  PageHeader,
  Section,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  type Appointment,
  type CostBearer,
  type CostBearerEducation,
  type PaymentDocument,
  useCostBearer,
  useCostBearerAppointments,
  useCostBearerEducations,
  useCreateCostBearerInvoice,
  useDocumentFiles,
} from './api/form-queries';
import { DocumentLinesFields } from './components/document-lines-fields';
import { DocumentPreview, type PreviewRequest } from './components/document-preview';
import { DocumentSummary } from './components/document-summary';
import { IssuedDocumentActions } from './components/issued-document-actions';
import {
  billableAppointments,
  type CostBearerInvoiceForm,
  costBearerInvoiceFormSchema,
  emptyCostBearerInvoiceForm,
  formToCostBearerInvoiceInput,
} from './schemas/cost-bearer-invoice-form';
import { useInvoicesTranslation } from './use-invoices-translation';

export type CostBearerServicesScreenProps = {
  /** The cost bearer (`/payers/services/{id}`). */
  costBearerId: number;
  /** After an invoice was issued. */
  onIssued?: (document: PaymentDocument) => void;
  /** "Zurück"; no button without. */
  onBack?: () => void;
};

/**
 * Bills a cost bearer: its educations and their signed, not yet billed appointments in a
 * period to choose; the service invoice (Leistungsrechnung) of those appointments, or the
 * course invoice (Lehrgangsrechnung) with further lines — other services only through a
 * course invoice (spec 001 §5); e-invoice format, buyer reference (Leitweg-ID, required for
 * XRechnung) and voucher number; the preview (draft notice) and issuing after a confirmation.
 */
export function CostBearerServicesScreen({
  costBearerId,
  onIssued,
  onBack,
}: CostBearerServicesScreenProps) {
  const { t } = useInvoicesTranslation();
  const costBearer = useCostBearer(costBearerId);
  const educations = useCostBearerEducations(costBearerId);
  const appointments = useCostBearerAppointments(costBearerId);
  const back = onBack ? (
    <Button variant="secondary" size="sm" onPress={onBack}>
      {t('forms.back')}
    </Button>
  ) : undefined;

  if (costBearer.isPending || educations.isPending || appointments.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner label={t('payers.loading')} />
      </div>
    );
  }
  if (costBearer.isError || educations.isError || appointments.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <ErrorState
          message={t('payers.loadError')}
          onRetry={() => {
            void costBearer.refetch();
            void educations.refetch();
            void appointments.refetch();
          }}
        />
      </div>
    );
  }
  return (
    <ServicesForm
      costBearer={costBearer.data}
      educations={educations.data}
      appointments={appointments.data}
      back={back}
      onIssued={onIssued}
    />
  );
}

type ServicesFormProps = {
  costBearer: CostBearer;
  educations: CostBearerEducation[];
  appointments: Appointment[];
  back: ReactNode;
  onIssued: ((document: PaymentDocument) => void) | undefined;
};

function ServicesForm({ costBearer, educations, appointments, back, onIssued }: ServicesFormProps) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const canWrite = useCan('MODULE_COST_BEARERS_WRITE', 'MODULE_PAYMENT_WRITE');
  const create = useCreateCostBearerInvoice();
  const files = useDocumentFiles();
  const [preview, setPreview] = useState<PreviewRequest | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<PaymentDocument | null>(null);
  const activeEducations = useMemo(() => educations.filter((row) => !row.archived), [educations]);

  const form = useApiForm({
    schema: costBearerInvoiceFormSchema,
    defaultValues: {
      ...emptyCostBearerInvoiceForm(costBearer),
      studentEducationIds: activeEducations.map((row) => String(row.studentEducationId)),
    },
    t,
    serverFields: { servicePeriodFrom: 'periodFrom', servicePeriodTo: 'periodTo' },
    submit: async (values) => {
      const document = await create.mutateAsync(
        formToCostBearerInvoiceInput(values, costBearer.id, appointments),
      );
      setIssued(document);
      toast.success(t('payers.issued', { number: document.number ?? '' }));
      onIssued?.(document);
    },
  });
  const { control, setValue, getValues } = form;
  const values = useWatch({ control }) as CostBearerInvoiceForm;
  const kind = values.kind;
  const shown = useMemo(
    () =>
      billableAppointments(appointments, {
        studentEducationIds: values.studentEducationIds ?? [],
        periodFrom: values.periodFrom ?? null,
        periodTo: values.periodTo ?? null,
      }),
    [appointments, values.studentEducationIds, values.periodFrom, values.periodTo],
  );

  // Every billable appointment shown is chosen once; later the office unticks what it leaves out.
  const chosenOnce = useRef(new Set<string>());
  useEffect(() => {
    const fresh = shown.map((row) => String(row.id)).filter((id) => !chosenOnce.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) chosenOnce.current.add(id);
    setValue('appointmentIds', [...getValues('appointmentIds'), ...fresh]);
  }, [shown, getValues, setValue]);

  const studentName = (studentEducationId: number | undefined) => {
    const education = educations.find((row) => row.studentEducationId === studentEducationId);
    return education ? `${education.firstName} ${education.lastName}` : '';
  };
  const appointmentLabel = (row: Appointment) =>
    t('payers.appointmentLabel', {
      date: formatDate(row.date),
      time: row.startTime,
      student: studentName(row.studentEducationId),
      licenseClass: row.licenseClass ?? '',
      hourType: row.hourType ? t(`hourTypes.${row.hourType}`) : t(`appointmentTypes.${row.type}`),
      minutes: row.minutes,
    });
  const chosenTotal = shown
    .filter((row) => (values.appointmentIds ?? []).includes(String(row.id)))
    .reduce((sum, row) => sum + (row.bookedPrice ?? 0), 0);

  const openPreview = form.handleSubmit((checked) => {
    const input = formToCostBearerInvoiceInput(checked, costBearer.id, appointments);
    const { costBearerId: _id, serviceInvoice: _service, ...serviceBody } = input;
    setPreview({
      key: ['cost-bearer-invoice-preview', input],
      title: t('payers.previewTitle', { type: t(kindType(checked.kind)) }),
      load: () =>
        checked.kind === 'service'
          ? files.serviceInvoicePreview(costBearer.id, serviceBody, true)
          : files.costBearerInvoicePreview(input),
    });
  });
  const askToIssue = form.handleSubmit(() => setConfirming(true));

  if (issued) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader
          eyebrow={back}
          title={t('payers.issuedTitle', {
            type: t(`forms.types.${issued.type}`),
            number: issued.number ?? '',
          })}
          description={costBearer.name}
          actions={
            <>
              <IssuedDocumentActions document={issued} />
              <Button variant="secondary" onPress={() => setIssued(null)}>
                {t('payers.another')}
              </Button>
            </>
          }
        />
        <Section title={t('forms.summary.title')}>
          <DocumentSummary document={issued} />
        </Section>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow={back}
        title={t('payers.servicesTitle', { name: costBearer.name })}
        description={t('payers.servicesHint')}
      />
      <ApiForm
        form={form}
        aria-label={t('payers.servicesTitle', { name: costBearer.name })}
        className="flex flex-col gap-6"
      >
        <Section title={t('payers.sections.kind')}>
          <FieldColumns>
            <FormSelect
              control={control}
              name="kind"
              label={t('payers.kind')}
              options={[
                { id: 'service', label: t('forms.types.COST_BEARER_SERVICE_INVOICE') },
                { id: 'course', label: t('forms.types.COST_BEARER_INVOICE') },
              ]}
              description={t(
                kind === 'service' ? 'payers.kindServiceHint' : 'payers.kindCourseHint',
              )}
              isRequired
            />
          </FieldColumns>
        </Section>
        <Section title={t('payers.sections.services')}>
          {activeEducations.length === 0 ? (
            <EmptyState title={t('payers.noEducations')} />
          ) : (
            <>
              <FieldColumns>
                <FormDateField control={control} name="periodFrom" label={t('payers.periodFrom')} />
                <FormDateField control={control} name="periodTo" label={t('payers.periodTo')} />
              </FieldColumns>
              <FormCheckboxGroup
                control={control}
                name="studentEducationIds"
                label={t('payers.educations')}
                options={activeEducations.map((row) => ({
                  id: String(row.studentEducationId),
                  label: t('payers.educationLabel', {
                    name: `${row.firstName} ${row.lastName}`,
                    licenseClass: row.licenseClass,
                  }),
                }))}
              />
              {shown.length === 0 ? (
                <p className="text-sm text-neutral-600">{t('payers.noAppointments')}</p>
              ) : (
                <FormCheckboxGroup
                  control={control}
                  name="appointmentIds"
                  label={t('payers.appointments')}
                  description={t('payers.appointmentsTotal', {
                    count: (values.appointmentIds ?? []).filter((id) =>
                      shown.some((row) => String(row.id) === id),
                    ).length,
                    total: formatMoney(chosenTotal),
                  })}
                  options={shown.map((row) => ({
                    id: String(row.id),
                    label: appointmentLabel(row),
                    description:
                      row.bookedPrice === undefined
                        ? t('payers.priceFromList')
                        : formatMoney(row.bookedPrice),
                  }))}
                />
              )}
            </>
          )}
        </Section>
        {kind === 'course' && (
          <Section title={t('payers.sections.lines')} description={t('payers.linesHint')}>
            <DocumentLinesFields allowEmpty />
          </Section>
        )}
        <Section title={t('payers.sections.invoice')}>
          <FieldColumns>
            <FormDateField
              control={control}
              name="issueDate"
              label={t('forms.fields.issueDate')}
              description={t('forms.fields.issueDateHint')}
            />
            <FormDateField control={control} name="dueDate" label={t('forms.fields.dueDate')} />
            <FormSelect
              control={control}
              name="eInvoiceFormat"
              label={t('payers.eInvoiceFormat')}
              options={E_INVOICE_FORMATS.map((format) => ({
                id: format,
                label: t(`payers.formats.${format}`),
              }))}
              isRequired
            />
            <FormTextField
              control={control}
              name="buyerReference"
              label={t('payers.buyerReference')}
              description={t('payers.buyerReferenceHint')}
              maxLength={100}
              isRequired={values.eInvoiceFormat === 'XRECHNUNG'}
            />
            <FormTextField
              control={control}
              name="voucherNumber"
              label={t('payers.voucherNumber')}
              description={t('payers.voucherNumberHint')}
              maxLength={50}
            />
          </FieldColumns>
          <FormTextField
            control={control}
            name="footnote"
            label={t('forms.fields.footnote')}
            isMultiline
            maxLength={2000}
          />
        </Section>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={() => void openPreview()}>
            {t('forms.preview')}
          </Button>
          {canWrite && (
            <Button onPress={() => void askToIssue()} isPending={form.formState.isSubmitting}>
              {t('payers.issue')}
            </Button>
          )}
        </div>
      </ApiForm>
      <DocumentPreview request={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('payers.issueTitle', { type: t(kindType(kind)) })}
        confirmLabel={t('payers.issue')}
        onConfirm={() => form.onSubmit()}
      >
        {t('payers.issueText', { name: costBearer.name })}
      </ConfirmDialog>
    </div>
  );
}

const kindType = (kind: CostBearerInvoiceForm['kind']) =>
  kind === 'service'
    ? 'forms.types.COST_BEARER_SERVICE_INVOICE'
    : 'forms.types.COST_BEARER_INVOICE';
