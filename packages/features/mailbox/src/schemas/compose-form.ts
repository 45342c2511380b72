import { MAX_UPLOAD_BYTES } from '@fahrwerk/api';
import { z } from 'zod';
import type { SendEmailInput } from '../api/mail-queries';
import { type Draft, splitAddresses } from '../lib/drafts';

/** At most 10 files, together at most 20 MB (the multipart call's limits). */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = MAX_UPLOAD_BYTES;

const address = z.email();
const validList = (text: string) => splitAddresses(text).every((a) => address.safeParse(a).success);

const addresses = (required: boolean) =>
  z
    .string()
    .max(5000, 'validation.max_length')
    .refine((text) => !required || splitAddresses(text).length > 0, 'compose.invalid.toRequired')
    .refine(validList, 'compose.invalid.address')
    .refine((text) => splitAddresses(text).length <= 50, 'compose.invalid.tooManyRecipients');

/** An HTML body with nothing but markup and spaces counts as empty. */
const hasText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '' || /<img\s/i.test(html);

export const composeFormSchema = z.object({
  emailConfigId: z
    .number('compose.invalid.account')
    .nullable()
    .refine((v) => v !== null, {
      message: 'compose.invalid.account',
    }),
  to: addresses(true),
  cc: addresses(false),
  bcc: addresses(false),
  subject: z.string().trim().min(1, 'validation.required').max(998, 'validation.max_length'),
  htmlBody: z.string().refine(hasText, 'compose.invalid.body'),
  emailTemplateId: z.number().nullable(),
  studentId: z.number().nullable(),
  inReplyToEmailId: z.number().nullable(),
});

export type ComposeForm = z.input<typeof composeFormSchema>;

export function draftToForm(draft: Draft, fallbackConfigId: number | null): ComposeForm {
  return {
    emailConfigId: draft.emailConfigId ?? fallbackConfigId,
    to: draft.to,
    cc: '',
    bcc: '',
    subject: draft.subject,
    htmlBody: draft.htmlBody,
    emailTemplateId: null,
    studentId: draft.studentId ?? null,
    inReplyToEmailId: draft.inReplyToEmailId ?? null,
  };
}

export function formToSendInput(form: z.output<typeof composeFormSchema>): SendEmailInput {
  const cc = splitAddresses(form.cc);
  const bcc = splitAddresses(form.bcc);
  return {
    emailConfigId: form.emailConfigId as number,
    to: splitAddresses(form.to),
    ...(cc.length ? { cc } : {}),
    ...(bcc.length ? { bcc } : {}),
    subject: form.subject,
    htmlBody: form.htmlBody,
    ...(form.emailTemplateId !== null ? { emailTemplateId: form.emailTemplateId } : {}),
    ...(form.inReplyToEmailId !== null ? { inReplyToEmailId: form.inReplyToEmailId } : {}),
    ...(form.studentId !== null ? { studentId: form.studentId } : {}),
  };
}

/** Why a set of files cannot be sent, as a text key; null when it can. */
export function attachmentProblem(files: File[]): string | null {
  if (files.length > MAX_ATTACHMENTS) return 'compose.invalid.tooManyFiles';
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return total > MAX_ATTACHMENT_BYTES ? 'compose.invalid.filesTooLarge' : null;
}
