import { Dialog, formatDateTime, Modal } from '@fahrwerk/ui';
import type { Message } from '../api/messaging-queries';
import { useMessagingTranslation } from '../use-messaging-translation';

export type MessageDetailDialogProps = {
  /** The message shown; the dialog is closed without one. */
  message: Message | null;
  onClose: () => void;
};

/** One message as the student got it: subject, the text with its line breaks, when read. */
export function MessageDetailDialog({ message, onClose }: MessageDetailDialogProps) {
  const { t } = useMessagingTranslation();
  return (
    <Modal isOpen={message !== null} onOpenChange={(open) => !open && onClose()} size="lg">
      <Dialog title={message?.subject}>
        {message && (
          <div className="flex flex-col gap-3">
            <p className="text-neutral-600">
              {t('messages.detailTo', { name: message.studentName })} ·{' '}
              {t('messages.detailSentAt', { date: formatDateTime(message.sentAt) })}
              {message.readAt
                ? ` · ${t('messages.detailReadAt', { date: formatDateTime(message.readAt) })}`
                : ` · ${t('messages.unread')}`}
            </p>
            <p className="whitespace-pre-wrap text-neutral-900">{message.text}</p>
          </div>
        )}
      </Dialog>
    </Modal>
  );
}
