import { z } from 'zod';

/** The subject of a message or template: one line, required. */
export const subjectSchema = z
  .string()
  .trim()
  .min(1, 'validation.subject')
  .max(255, 'validation.subjectTooLong');

/** Plain text whose line breaks are kept; only blank lines at its ends are dropped. */
export const messageTextSchema = z
  .string()
  .transform((text) => text.replace(/^\s*\n|\s+$/g, ''))
  .pipe(z.string().min(1, 'validation.text').max(5000, 'validation.textTooLong'));
