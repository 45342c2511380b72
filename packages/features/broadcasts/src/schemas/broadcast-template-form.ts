import { z } from 'zod';
import type { BroadcastTemplate, BroadcastTemplateInput } from '../api/broadcast-queries';
import { toHtmlBody } from './html-body';

export const broadcastTemplateFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.name').max(100, 'validation.nameTooLong'),
  subject: z.string().trim().min(1, 'validation.subject').max(255, 'validation.subjectTooLong'),
  body: z.string().trim().min(1, 'validation.body').max(200_000, 'validation.bodyTooLong'),
});

export type BroadcastTemplateForm = z.infer<typeof broadcastTemplateFormSchema>;

export const templateToForm = (template?: BroadcastTemplate): BroadcastTemplateForm => ({
  name: template?.name ?? '',
  subject: template?.subject ?? '',
  body: template?.body ?? '',
});

export const formToTemplateInput = (form: BroadcastTemplateForm): BroadcastTemplateInput => ({
  name: form.name.trim(),
  subject: form.subject.trim(),
  body: toHtmlBody(form.body),
});
