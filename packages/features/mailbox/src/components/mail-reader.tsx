import { Badge, Button, ConfirmDialog, formatDateTime } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import type { FileRef, MailboxEmail } from '../api/mail-queries';
import { sanitizeMailHtml } from '../lib/safe-mail-html';
import { useMailboxTranslation } from '../use-mailbox-translation';
import { MailHtmlFrame } from './mail-html-frame';

export type MailReaderProps = {
  email: MailboxEmail;
  /** Without it (no write permission) there is no reply, forward or delete. */
  canWrite: boolean;
  onReply: () => void;
  onForward: () => void;
  onToggleRead: () => void;
  onToggleMarked: () => void;
  /** Resolves after the server's 200; the mail then leaves the list. */
  onDelete: () => Promise<unknown>;
  onDownload: (file: FileRef) => void;
  isChangingRead?: boolean;
  isChangingMarked?: boolean;
  isDeleting?: boolean;
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/** One e-mail: header, the body in its sandbox, attachments, and what can be done with it. */
export function MailReader({
  email,
  canWrite,
  onReply,
  onForward,
  onToggleRead,
  onToggleMarked,
  onDelete,
  onDownload,
  isChangingRead,
  isChangingMarked,
  isDeleting,
}: MailReaderProps) {
  const { t } = useMailboxTranslation();
  // Remote images stay blocked for each mail until asked for (the key resets it per mail).
  const [remoteFor, setRemoteFor] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const allowRemote = remoteFor === email.id;
  const blocked = useMemo(() => sanitizeMailHtml(email.htmlBody).blocked, [email.htmlBody]);
  const when = email.receivedAt ?? email.sentAt;

  return (
    <article
      aria-label={t('reader.label', { subject: email.subject })}
      className="flex flex-col gap-3"
    >
      <header className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-neutral-900">
          {email.subject || t('list.noSubject')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-neutral-700">
          <dt className="font-medium">{t('reader.from')}</dt>
          <dd>{email.fromName ? `${email.fromName} <${email.from}>` : email.from}</dd>
          <dt className="font-medium">{t('reader.to')}</dt>
          <dd>{email.to.join(', ')}</dd>
          {email.cc.length > 0 && (
            <>
              <dt className="font-medium">{t('reader.cc')}</dt>
              <dd>{email.cc.join(', ')}</dd>
            </>
          )}
          {when && (
            <>
              <dt className="font-medium">{t('reader.date')}</dt>
              <dd>{formatDateTime(when)}</dd>
            </>
          )}
        </dl>
        <div className="flex flex-wrap gap-1">
          {!email.read && <Badge tone="brand">{t('list.unread')}</Badge>}
          {email.marked && <Badge tone="warning">{t('list.marked')}</Badge>}
        </div>
      </header>
      <div className="flex flex-wrap gap-2">
        {canWrite && (
          <>
            <Button size="sm" onPress={onReply}>
              {t('actions.reply')}
            </Button>
            <Button size="sm" variant="secondary" onPress={onForward}>
              {t('actions.forward')}
            </Button>
          </>
        )}
        <Button size="sm" variant="secondary" onPress={onToggleRead} isPending={isChangingRead}>
          {email.read ? t('actions.markUnread') : t('actions.markRead')}
        </Button>
        <Button size="sm" variant="secondary" onPress={onToggleMarked} isPending={isChangingMarked}>
          {email.marked ? t('actions.unmark') : t('actions.mark')}
        </Button>
        {canWrite && (
          <Button size="sm" variant="destructive" onPress={() => setConfirmDelete(true)}>
            {t('actions.delete')}
          </Button>
        )}
      </div>
      {blocked > 0 && !allowRemote && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-[var(--radius-control)] border border-neutral-200 bg-neutral-50 p-2 text-sm text-neutral-700"
        >
          <span>{t('reader.remoteBlocked', { count: blocked })}</span>
          <Button size="sm" variant="secondary" onPress={() => setRemoteFor(email.id)}>
            {t('reader.loadRemote')}
          </Button>
        </div>
      )}
      <MailHtmlFrame
        key={email.id}
        html={email.htmlBody}
        title={t('reader.frameTitle', { subject: email.subject })}
        allowRemote={allowRemote}
      />
      {email.attachments.length > 0 && (
        <section aria-label={t('reader.attachments')} className="flex flex-col gap-1">
          <h3 className="text-sm font-medium text-neutral-800">
            {t('reader.attachmentCount', { count: email.attachments.length })}
          </h3>
          <ul className="flex flex-wrap gap-2">
            {email.attachments.map((file) => (
              <li key={file.id}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('reader.download', { name: file.fileName })}
                  onPress={() => onDownload(file)}
                >
                  {file.fileName} ({formatSize(file.size)})
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        isOpen={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('delete.title')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        variant="destructive"
        isPending={isDeleting}
        onConfirm={async () => {
          await onDelete();
          setConfirmDelete(false);
        }}
      >
        {t('delete.text', { subject: email.subject })}
      </ConfirmDialog>
    </article>
  );
}
