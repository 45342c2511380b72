import { useApi } from '@fahrwerk/api';
import { Select } from '@fahrwerk/ui';
import { useQuery } from '@tanstack/react-query';
import { useBroadcastsTranslation } from '../use-broadcasts-translation';

/**
 * Adds a placeholder (`{{student.firstName}}`) to the text; the server fills it for each
 * student when the e-mails go out. Part of the text-area switch point (`body-field.tsx`):
 * `RichTextEditor` takes the placeholders itself.
 */
export function PlaceholderPicker({ onInsert }: { onInsert: (token: string) => void }) {
  const { t } = useBroadcastsTranslation();
  const { query } = useApi();
  const placeholders = useQuery(
    query.queryOptions('get', '/email-templates/placeholders', {}, { staleTime: Infinity }),
  );
  const rows = placeholders.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Select
      label={t('fields.placeholder')}
      description={t('fields.placeholderHint')}
      placeholder={t('fields.placeholderChoose')}
      items={rows.map((row) => ({
        id: row.key,
        label: `${row.description} – {{${row.key}}}`,
      }))}
      selectedKey={null}
      onSelectionChange={(key) => key !== null && onInsert(`{{${String(key)}}}`)}
    />
  );
}
