import { ConfirmDialog, useToast } from '@fahrwerk/ui';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CORE_NAMESPACE } from '../errors';

/** The generic archive call (spec 000 §7): `POST {resource}/archive?id&archived`. */
export type ArchiveMutation = {
  mutateAsync: (variables: { id: number; archived: boolean }) => Promise<unknown>;
};

/** The confirmation a list asks before archiving a row, in the feature's words. */
export type ArchiveConfirmation<T> = {
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  text: (row: T) => ReactNode;
};

export type ArchiveFlow<T> = {
  /** Asks first when the list has a confirmation, then archives. */
  archive: (row: T) => void;
  unarchive: (row: T) => void;
  /** The confirmation dialog; render it once in the screen. */
  dialog: ReactNode;
};

/**
 * The one archive/unarchive flow of the lists: archive (after the confirmation, when the
 * list asks one), unarchive at once, then the spec's message — `archived: false` gives the
 * unarchive message, otherwise the archive message (spec 000 §7). The mutation refreshes
 * the lists; a failure toasts in the query client and leaves the dialog open.
 */
export function useArchiveFlow<T extends { id: number }>(
  mutation: ArchiveMutation,
  confirmation?: ArchiveConfirmation<T>,
): ArchiveFlow<T> {
  const toast = useToast();
  const { t } = useTranslation(CORE_NAMESPACE);
  const [pending, setPending] = useState<T | null>(null);
  // The row actions stay the same functions across renders (table columns memoize on them).
  const latest = useRef({ mutation, confirmation, t });
  latest.current = { mutation, confirmation, t };
  const change = useCallback(
    async (row: T, archived: boolean) => {
      const { mutation, t } = latest.current;
      await mutation.mutateAsync({ id: row.id, archived });
      toast.success(t(archived ? 'messages.archive_success' : 'messages.unarchive_success'));
    },
    [toast],
  );
  const archive = useCallback(
    (row: T) => {
      if (latest.current.confirmation) setPending(row);
      else void change(row, true).catch(() => {});
    },
    [change],
  );
  const unarchive = useCallback((row: T) => void change(row, false).catch(() => {}), [change]);
  return {
    archive,
    unarchive,
    dialog: confirmation ? (
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={confirmation.title}
        confirmLabel={confirmation.confirmLabel}
        cancelLabel={confirmation.cancelLabel}
        variant="destructive"
        onConfirm={async () => {
          if (!pending) return;
          await change(pending, true);
          setPending(null);
        }}
      >
        {pending ? confirmation.text(pending) : null}
      </ConfirmDialog>
    ) : null,
  };
}
