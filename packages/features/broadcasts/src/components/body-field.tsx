import { useBroadcastsTranslation } from '../use-broadcasts-translation';

/**
 * The props of the text field of a broadcast and a template (`<FormTextField name="body"
 * {...bodyFieldProps} />`). A text area for now; the switch point to `RichTextEditor` of
 * `@fahrwerk/mail-templates` once that package exports it (both forms use this one hook).
 */
export function useBodyFieldProps() {
  const { t } = useBroadcastsTranslation();
  return {
    label: t('fields.body'),
    description: t('fields.bodyHint'),
    isRequired: true,
    isMultiline: true,
    rows: 8,
  } as const;
}

/** The part of a form `insertIntoBody` needs: both forms hold the text as `body`. */
type BodyForm = {
  getValues: (name: 'body') => string;
  setValue: (name: 'body', value: string, options: { shouldDirty: boolean }) => void;
};

/** Adds a placeholder at the end of the text (a text area has no cursor the form knows). */
export function insertIntoBody(form: BodyForm, token: string): void {
  const body = form.getValues('body');
  form.setValue('body', body && !/\s$/.test(body) ? `${body} ${token}` : `${body}${token}`, {
    shouldDirty: true,
  });
}
