import {
  type ApiFormOf,
  FormDialog,
  FormSelect,
  FormTextField,
  useFormTexts,
} from '@fahrwerk/core';
import { RichTextEditor } from '@fahrwerk/mail-templates';
import { Button, ComboBox, FileUpload, Select } from '@fahrwerk/ui';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import {
  type EmailConfigEntry,
  type SendEmailInput,
  useAttachmentFiles,
  useEmailTemplates,
  useRecipientSearch,
  useRenderTemplate,
} from '../api/mail-queries';
import { appendAddress, type Draft } from '../lib/drafts';
import {
  attachmentProblem,
  composeFormSchema,
  draftToForm,
  formToSendInput,
  MAX_ATTACHMENT_BYTES,
} from '../schemas/compose-form';
import { useMailboxTranslation } from '../use-mailbox-translation';

export type ComposeDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  draft: Draft;
  accounts: EmailConfigEntry[];
  /** Sends; rejects with the call's `ApiError` (422 `errors.email_not_sent`), the form stays. */
  onSend: (input: SendEmailInput, files: File[]) => Promise<unknown>;
  /** After the server's 200 and the dialog closed (the "gesendet" toast). */
  onSent?: () => void;
};

/** A failure the form finds itself before sending (too many or too large attachments). */
class AttachmentProblem extends Error {}

/** New mail, reply or forward: sender account, recipients, template, text, attachments. */
export function ComposeDialog({ draft, accounts, onSend, onSent, ...dialog }: ComposeDialogProps) {
  const { t } = useMailboxTranslation();
  const [files, setFiles] = useState<File[]>([]);
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(`compose.title.${draft.mode}`)}
      submitLabel={t('compose.send')}
      schema={composeFormSchema}
      defaultValues={draftToForm(draft, accounts[0]?.id ?? null)}
      alertOn="validation"
      describeFailure={(error) => (error instanceof AttachmentProblem ? error.message : undefined)}
      submit={async (values) => {
        const problem = attachmentProblem(files);
        if (problem) throw new AttachmentProblem(problem);
        await onSend(formToSendInput(values), files);
      }}
      onSaved={onSent}
      formProps={{ 'aria-label': t(`compose.title.${draft.mode}`) }}
      t={t}
    >
      {(form) => (
        <ComposeFields
          form={form}
          draft={draft}
          accounts={accounts}
          files={files}
          onFilesChange={setFiles}
        />
      )}
    </FormDialog>
  );
}

function ComposeFields({
  form,
  draft,
  accounts,
  files,
  onFilesChange,
}: {
  form: ApiFormOf<typeof composeFormSchema>;
  draft: Draft;
  accounts: EmailConfigEntry[];
  files: File[];
  onFilesChange: (files: File[]) => void;
}) {
  const { t } = useMailboxTranslation();
  const formT = useFormTexts();
  const { control, getValues, setValue } = form;
  const [search, setSearch] = useState('');
  // A new picker after each choice: empty and closed, ready for the next recipient.
  const [pickerKey, setPickerKey] = useState(0);
  const recipients = useRecipientSearch(search);
  const templates = useEmailTemplates(true);
  const render = useRenderTemplate();
  const attachOriginals = useAttachmentFiles();
  const [missing, setMissing] = useState<string[]>([]);
  const body = useController({ control, name: 'htmlBody' });
  const templateId = form.watch('emailTemplateId');

  /** Fills the chosen template's placeholders for the chosen student on the server. */
  const applyTemplate = async (id: number | null, studentId: number | null) => {
    const template = templates.data?.find((tpl) => tpl.id === id);
    if (!template) return;
    let rendered: Awaited<ReturnType<typeof render.mutateAsync>>;
    try {
      rendered = await render.mutateAsync({
        subject: template.subject,
        htmlBody: template.body,
        ...(studentId !== null ? { studentId } : {}),
      });
    } catch {
      return; // the global error toast said why; the text stays as it was
    }
    setValue('subject', rendered.subject, { shouldValidate: form.formState.isSubmitted });
    setValue('htmlBody', rendered.htmlBody, { shouldValidate: form.formState.isSubmitted });
    setMissing(rendered.missing);
  };

  return (
    <>
      <FormSelect
        control={control}
        name="emailConfigId"
        label={t('compose.from')}
        isRequired
        options={accounts.map((a) => ({ id: a.id, label: a.email }))}
      />
      <FormTextField
        control={control}
        name="to"
        label={t('compose.to')}
        description={t('compose.addressHint')}
        isRequired
      />
      <ComboBox
        key={pickerKey}
        label={t('compose.addRecipient')}
        description={t('compose.addRecipientHint')}
        items={recipients.map((r) => ({ id: r.key, label: r.label }))}
        inputValue={search}
        onInputChange={setSearch}
        selectedKey={null}
        onSelectionChange={(key) => {
          const recipient = recipients.find((r) => r.key === key);
          if (!recipient) return;
          setValue('to', appendAddress(getValues('to'), recipient.email), {
            shouldValidate: form.formState.isSubmitted,
          });
          setSearch('');
          setPickerKey((key) => key + 1);
          if (recipient.studentId !== undefined && getValues('studentId') === null) {
            setValue('studentId', recipient.studentId);
            if (templateId !== null) void applyTemplate(templateId, recipient.studentId);
          }
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={control} name="cc" label={t('compose.cc')} />
        <FormTextField control={control} name="bcc" label={t('compose.bcc')} />
      </div>
      {(templates.data?.length ?? 0) > 0 && (
        <Select
          label={t('compose.template')}
          description={t('compose.templateHint')}
          items={(templates.data ?? []).map((tpl) => ({ id: tpl.id, label: tpl.name }))}
          selectedKey={templateId}
          onSelectionChange={(key) => {
            const id = key === null ? null : Number(key);
            setValue('emailTemplateId', id);
            void applyTemplate(id, getValues('studentId'));
          }}
        />
      )}
      {render.isPending && <p className="text-sm text-neutral-700">{t('compose.rendering')}</p>}
      {missing.length > 0 && (
        <p role="status" className="text-sm text-warning-800">
          {t('compose.missing', { keys: missing.join(', ') })}
        </p>
      )}
      <FormTextField
        control={control}
        name="subject"
        label={t('compose.subject')}
        isRequired
        maxLength={998}
      />
      <RichTextEditor
        label={t('compose.body')}
        value={body.field.value}
        onChange={body.field.onChange}
        onBlur={body.field.onBlur}
        height={280}
        error={body.fieldState.error?.message ? formT(body.fieldState.error.message) : undefined}
      />
      <FileUpload
        label={t('compose.attachments')}
        description={t('compose.attachmentsHint')}
        maxSizeBytes={MAX_ATTACHMENT_BYTES}
        allowsMultiple
        value={files}
        onChange={onFilesChange}
      />
      {draft.originalAttachments.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
          <span>
            {t('compose.originalAttachments', {
              names: draft.originalAttachments.map((f) => f.fileName).join(', '),
            })}
          </span>
          <Button
            size="sm"
            variant="secondary"
            isPending={attachOriginals.isPending}
            isDisabled={attachOriginals.isSuccess}
            onPress={() =>
              attachOriginals.mutate(draft.originalAttachments, {
                onSuccess: (originals) => onFilesChange([...files, ...originals]),
              })
            }
          >
            {attachOriginals.isSuccess
              ? t('compose.originalsAttached')
              : t('compose.attachOriginals')}
          </Button>
        </div>
      )}
    </>
  );
}
