import { z } from 'zod';
import type { EmailTemplate, EmailTemplateInput } from '../api/template-queries';

/** "No category" in the category choice. */
export const NO_CATEGORY = '';

export const templateFormSchema = z.object({
  name: z.string().trim().min(1, 'form.nameRequired').max(100, 'form.nameTooLong'),
  subject: z.string().trim().min(1, 'form.subjectRequired').max(998, 'form.subjectTooLong'),
  body: z.string().trim().min(1, 'form.bodyRequired'),
  templateCategoryId: z.union([z.number(), z.literal(NO_CATEGORY)]),
});

export type TemplateForm = z.infer<typeof templateFormSchema>;

export const templateToForm = (
  template?: EmailTemplate,
  categoryId?: number | null,
): TemplateForm => ({
  name: template?.name ?? '',
  subject: template?.subject ?? '',
  body: template?.body ?? '',
  templateCategoryId: template
    ? (template.templateCategoryId ?? NO_CATEGORY)
    : (categoryId ?? NO_CATEGORY),
});

export const formToTemplateInput = (form: TemplateForm): EmailTemplateInput => ({
  name: form.name.trim(),
  subject: form.subject.trim(),
  body: form.body,
  ...(form.templateCategoryId === NO_CATEGORY
    ? {}
    : { templateCategoryId: form.templateCategoryId }),
});

export const categoryFormSchema = z.object({
  name: z.string().trim().min(1, 'form.nameRequired').max(100, 'form.nameTooLong'),
});
