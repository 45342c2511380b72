import { LICENSE_CLASSES, PAYMENT_WORKFLOWS } from '@fahrwerk/api';
import {
  type ApiFormOf,
  type EditDialogProps,
  FormCheckboxGroup,
  FormDialog,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextField,
} from '@fahrwerk/core';
import { FieldColumns, FieldSpan } from '@fahrwerk/ui';
import { useWatch } from 'react-hook-form';
import type {
  AutomaticPaymentTrigger,
  AutomaticPaymentTriggerInput,
} from '../api/payment-workflow-queries';
import { useProducts } from '../api/payment-workflow-queries';
import {
  automaticPaymentTriggerFormSchema,
  EXAM_KINDS,
  EXAM_STATUSES,
  emptyTriggerForm,
  isExamEvent,
  TRIGGER_DOCUMENT_TYPES,
  TRIGGER_EVENTS,
  toTriggerInput,
  triggerToForm,
} from '../schemas/automatic-payment-trigger-form';
import { usePaymentsTranslation } from '../use-payments-translation';

export type TriggerFormDialogProps = EditDialogProps<AutomaticPaymentTriggerInput> & {
  /** The trigger to change; none creates one. */
  trigger?: AutomaticPaymentTrigger;
};

/**
 * Create or change an automatic service bundle: name, active, the event (with exam kind and
 * result for exam events, the lesson count for driving lessons), workflows, classes, the
 * document type, the products and the days until due. The fields of other events are hidden
 * and never sent.
 */
export function TriggerFormDialog({ trigger, onSubmit, ...dialog }: TriggerFormDialogProps) {
  const { t } = usePaymentsTranslation();
  const products = useProducts();
  const title = t(trigger ? 'triggers.form.titleEdit' : 'triggers.form.titleNew');
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={title}
      schema={automaticPaymentTriggerFormSchema}
      defaultValues={trigger ? triggerToForm(trigger) : emptyTriggerForm()}
      submit={(values) => onSubmit(toTriggerInput(values))}
      formProps={{ 'aria-label': title }}
      t={t}
    >
      {(form) => {
        const { control } = form;
        return (
          <FieldColumns>
            <FormTextField
              control={control}
              name="name"
              label={t('triggers.form.name')}
              maxLength={100}
              isRequired
            />
            <FormSwitch control={control} name="active">
              {t('triggers.form.active')}
            </FormSwitch>
            <FormSelect
              control={control}
              name="event"
              label={t('triggers.form.event')}
              isRequired
              options={TRIGGER_EVENTS.map((id) => ({ id, label: t(`events.${id}`) }))}
            />
            <EventFields form={form} />
            <FieldSpan>
              <FormCheckboxGroup
                control={control}
                name="paymentWorkflows"
                label={t('triggers.form.workflows')}
                layout="row"
                isRequired
                options={PAYMENT_WORKFLOWS.map((id) => ({ id, label: t(`workflows.${id}`) }))}
              />
            </FieldSpan>
            <FieldSpan>
              <FormCheckboxGroup
                control={control}
                name="licenseClasses"
                label={t('triggers.form.classes')}
                description={t('triggers.form.classesHint')}
                layout="row"
                options={LICENSE_CLASSES.map((id) => ({ id, label: id }))}
              />
            </FieldSpan>
            <FormSelect
              control={control}
              name="documentType"
              label={t('triggers.form.documentType')}
              isRequired
              options={TRIGGER_DOCUMENT_TYPES.map((id) => ({
                id,
                label: t(`documentTypes.${id}`),
              }))}
            />
            <FormNumberField
              control={control}
              name="dueInDays"
              label={t('triggers.form.dueInDays')}
              minValue={0}
              maxValue={90}
              isRequired
            />
            <FieldSpan>
              <FormCheckboxGroup
                control={control}
                name="productIds"
                label={t('triggers.form.products')}
                description={
                  products.isError
                    ? t('triggers.form.productsError')
                    : products.isPending
                      ? t('triggers.form.productsLoading')
                      : undefined
                }
                isRequired
                options={(products.data ?? []).map((product) => ({
                  id: String(product.id),
                  label: product.name,
                }))}
              />
            </FieldSpan>
          </FieldColumns>
        );
      }}
    </FormDialog>
  );
}

/**
 * The fields of the chosen event (lesson count, exam kind, exam result); only this part
 * follows the event, so typing elsewhere does not re-render the whole form.
 */
function EventFields({ form }: { form: ApiFormOf<typeof automaticPaymentTriggerFormSchema> }) {
  const { t } = usePaymentsTranslation();
  const event = useWatch({ control: form.control, name: 'event' });
  return (
    <>
      {event === 'DRIVING_LESSON' ? (
        <FormNumberField
          control={form.control}
          name="lessonCount"
          label={t('triggers.form.lessonCount')}
          description={t('triggers.form.lessonCountHint')}
          minValue={1}
          maxValue={100}
        />
      ) : null}
      {isExamEvent(event) ? (
        <FormSelect
          control={form.control}
          name="examKind"
          label={t('triggers.form.examKind')}
          noneLabel={t('triggers.form.bothExamKinds')}
          options={EXAM_KINDS.map((id) => ({ id, label: t(`examKinds.${id}`) }))}
        />
      ) : null}
      {event === 'EXAM_RESULT' ? (
        <FormSelect
          control={form.control}
          name="examStatus"
          label={t('triggers.form.examStatus')}
          noneLabel={t('triggers.form.everyResult')}
          options={EXAM_STATUSES.map((id) => ({ id, label: t(`examStatuses.${id}`) }))}
        />
      ) : null}
    </>
  );
}
