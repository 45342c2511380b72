import { FormAlert } from '@fahrwerk/core';
import { Button, Dialog, Modal, Select, Spinner, TextField, useToast } from '@fahrwerk/ui';
import { useEffect, useState } from 'react';
import {
  type PaymentDocument,
  useSendDocumentEmail,
  useUserMailAccounts,
} from '../api/invoice-queries';
import { useInvoicesTranslation } from '../use-invoices-translation';

export type SendDocumentEmailDialogProps = {
  /** The document to send; `null` closes the dialog. */
  document: Pick<PaymentDocument, 'id' | 'number' | 'recipientName'> | null;
  /** The signed-in user, whose mail accounts are offered. */
  userId: number;
  onClose: () => void;
};

/** Splits "a@x.de, b@y.de" into addresses; empty means "the payer's address". */
function toRecipients(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Sends a document as attachment from one of the user's mail accounts; without a recipient
 * the server takes the payer's address. Toasts `email_sent` or `email_not_sent`.
 */
export function SendDocumentEmailDialog({
  document,
  userId,
  onClose,
}: SendDocumentEmailDialogProps) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const isOpen = document !== null;
  const accounts = useUserMailAccounts(userId, isOpen);
  const send = useSendDocumentEmail();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [to, setTo] = useState('');

  const firstAccount = accounts.data?.[0]?.id ?? null;
  useEffect(() => {
    if (isOpen) {
      setAccountId(firstAccount);
      setTo('');
    }
  }, [isOpen, firstAccount]);

  const submit = () => {
    if (!document || accountId === null) return;
    const recipients = toRecipients(to);
    send.mutate(
      {
        id: document.id,
        body: { emailConfigId: accountId, ...(recipients.length > 0 ? { to: recipients } : {}) },
      },
      {
        onSuccess: () => {
          toast.success(t('messages.email_sent'));
          onClose();
        },
        onError: () => toast.error(t('errors.email_not_sent')),
      },
    );
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog
        title={t('email.title', { name: document?.number ?? document?.recipientName ?? '' })}
        footer={({ close }) => (
          <>
            <Button variant="secondary" onPress={close}>
              {t('email.cancel')}
            </Button>
            <Button isDisabled={accountId === null} isPending={send.isPending} onPress={submit}>
              {t('email.send')}
            </Button>
          </>
        )}
      >
        {accounts.isPending ? (
          <Spinner label={t('email.loadingAccounts')} />
        ) : accounts.isError ? (
          <FormAlert>{t('email.accountsError')}</FormAlert>
        ) : accounts.data.length === 0 ? (
          <FormAlert>{t('email.noAccounts')}</FormAlert>
        ) : (
          <div className="flex flex-col gap-4">
            <Select
              label={t('email.account')}
              items={accounts.data.map((row) => ({ id: row.id, label: row.email }))}
              selectedKey={accountId}
              onSelectionChange={(key) => setAccountId(key === null ? null : Number(key))}
            />
            <TextField
              label={t('email.to')}
              description={t('email.toHint')}
              value={to}
              onChange={setTo}
            />
          </div>
        )}
      </Dialog>
    </Modal>
  );
}
