import { useApi } from '@fahrwerk/api';
import { RichTextEditor } from '@fahrwerk/mail-templates';
import { useQuery } from '@tanstack/react-query';
import { useBroadcastsTranslation } from '../use-broadcasts-translation';

/** The part of a form the text needs: both forms (broadcast, template) hold it as `body`. */
type BodyForm = {
  watch: (name: 'body') => string;
  setValue: (
    name: 'body',
    value: string,
    options: { shouldDirty: boolean; shouldValidate: boolean },
  ) => void;
  formState: { isSubmitted: boolean; errors: { body?: { message?: string } } };
};

/**
 * The text of a broadcast or template: the rich-text editor of `@fahrwerk/mail-templates`
 * with the placeholders (`{{student.firstName}}` …) the server fills for each student.
 */
export function BodyField({ form }: { form: BodyForm }) {
  const { t } = useBroadcastsTranslation();
  const { query } = useApi();
  const placeholders = useQuery(
    query.queryOptions('get', '/email-templates/placeholders', {}, { staleTime: Infinity }),
  );
  const error = form.formState.errors.body?.message;
  return (
    <RichTextEditor
      label={t('fields.body')}
      description={t('fields.bodyHint')}
      value={form.watch('body')}
      onChange={(html) =>
        form.setValue('body', html, {
          shouldDirty: true,
          shouldValidate: form.formState.isSubmitted,
        })
      }
      placeholders={placeholders.data ?? []}
      height={240}
      error={error ? t(error) : undefined}
    />
  );
}
