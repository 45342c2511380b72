import { z } from 'zod';
import type { MessageTemplate, MessageTemplateInput } from '../api/messaging-queries';
import { messageTextSchema, subjectSchema } from './message-text';

export const messageTemplateFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.name').max(100, 'validation.nameTooLong'),
  subject: subjectSchema,
  text: messageTextSchema,
});

export type MessageTemplateForm = z.input<typeof messageTemplateFormSchema>;

export const templateToForm = (template?: MessageTemplate): MessageTemplateForm => ({
  name: template?.name ?? '',
  subject: template?.subject ?? '',
  text: template?.text ?? '',
});

export const formToTemplateInput = (
  form: z.output<typeof messageTemplateFormSchema>,
): MessageTemplateInput => ({ name: form.name, subject: form.subject, text: form.text });
