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
