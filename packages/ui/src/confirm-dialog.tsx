import { AlertTriangle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, Modal } from './dialog';

export type ConfirmDialogProps = {
  /** @default 'Bist du sicher?' */
  title?: ReactNode;
  /** The question or consequence, e.g. "Der Schüler wird archiviert." */
  children?: ReactNode;
  /** @default 'Bestätigen' */
  confirmLabel?: string;
  /** @default 'Abbrechen' */
  cancelLabel?: string;
  /** `destructive` colours the confirm button red and shows a warning icon. @default 'default' */
  variant?: 'default' | 'destructive';
  /**
   * Called on confirm. When it returns a promise the button shows a spinner and the dialog
   * closes once it resolves; it stays open when the promise rejects.
   */
  onConfirm: () => unknown;
  onCancel?: () => void;
  /** Controlled open state; leave out inside a `DialogTrigger`. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Shows the confirm button as pending (when the caller tracks the work itself). */
  isPending?: boolean;
};

/**
 * An alert dialog asking to confirm an action. Use it inside `DialogTrigger` after the
 * trigger button, or controlled with `isOpen`/`onOpenChange`.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  variant = 'default',
  onConfirm,
  onCancel,
  isOpen,
  onOpenChange,
  isPending,
}: ConfirmDialogProps) {
  const { t } = useTranslation('ui');
  const [isWorking, setWorking] = useState(false);
  const isDestructive = variant === 'destructive';
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false} size="sm">
      <Dialog
        role="alertdialog"
        title={
          <span className="flex items-center gap-2">
            {isDestructive && (
              <AlertTriangle className="size-5 shrink-0 text-danger-600" aria-hidden="true" />
            )}
            {title ?? t('dialog.confirmTitle')}
          </span>
        }
        footer={({ close }) => (
          <>
            <Button
              variant="secondary"
              onPress={() => {
                onCancel?.();
                close();
              }}
            >
              {cancelLabel ?? t('common.cancel')}
            </Button>
            <Button
              variant={isDestructive ? 'destructive' : 'primary'}
              isPending={isPending || isWorking}
              autoFocus
              onPress={async () => {
                const result = onConfirm();
                if (result && typeof (result as Promise<unknown>).then === 'function') {
                  setWorking(true);
                  try {
                    await result;
                    close();
                  } catch {
                    // The caller reports the failure (toast); the dialog stays open to retry.
                  } finally {
                    setWorking(false);
                  }
                } else {
                  close();
                }
              }}
            >
              {confirmLabel ?? t('common.confirm')}
            </Button>
          </>
        )}
      >
        {children}
      </Dialog>
    </Modal>
  );
}
