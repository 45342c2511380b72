import {
  Button,
  Dialog,
  DialogTrigger,
  ErrorState,
  Modal,
  QrCode,
  qrCodeSvg,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import { type LearningAppLink, useOnboardingLinks } from '../api/registration-queries';
import { useRegistrationsTranslation } from '../use-registrations-translation';

/** Saves the QR code of a link as an SVG file (sharp at poster size). */
function downloadQrCode(link: LearningAppLink) {
  const blob = new Blob([qrCodeSvg(link.url)], { type: 'image/svg+xml' });
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = `qr-${link.key}.svg`;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

function LinkCard({ link }: { link: LearningAppLink }) {
  const toast = useToast();
  const { t } = useRegistrationsTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success(t('links.copied'));
    } catch {
      toast.error(t('links.copyFailed'));
    }
  };
  return (
    <li className="flex flex-col gap-3 rounded-md border border-neutral-200 p-3 sm:flex-row sm:items-center">
      <QrCode value={link.url} label={t('links.qrOf', { label: link.label })} size={112} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="font-medium text-neutral-900">{link.label}</p>
        <p className="break-all font-mono text-xs text-neutral-700">{link.url}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onPress={() => void copy()}>
            {t('links.copy')}
          </Button>
          <Button size="sm" variant="secondary" onPress={() => downloadQrCode(link)}>
            {t('links.download')}
          </Button>
          <a
            href={link.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 self-center text-sm text-brand-700 underline"
          >
            {t('links.open')}
          </a>
        </div>
      </div>
    </li>
  );
}

function LinksBody({ enabled }: { enabled: boolean }) {
  const { t } = useRegistrationsTranslation();
  const links = useOnboardingLinks(enabled);
  if (links.isPending) return <Spinner label={t('links.loading')} />;
  if (links.isError) {
    return (
      <ErrorState
        message={t('links.loadError')}
        onRetry={() => void links.refetch()}
        isRetrying={links.isFetching}
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={t('links.title')}>
      {links.data.map((link) => (
        <LinkCard key={link.key} link={link} />
      ))}
    </ul>
  );
}

/**
 * "Anmeldelinks": the school's registration links with their QR codes — the general page,
 * the fast lane (intensive courses only) and one per class taught — to copy, open or save as
 * SVG for a poster. Any signed-in user may see them.
 */
export function RegistrationLinksButton() {
  const { t } = useRegistrationsTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="secondary">{t('links.button')}</Button>
      <Modal size="lg">
        <Dialog title={t('links.title')}>
          <p className="mb-3 text-sm text-neutral-700">{t('links.intro')}</p>
          <LinksBody enabled={isOpen} />
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}
