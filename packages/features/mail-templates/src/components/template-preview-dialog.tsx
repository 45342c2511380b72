import { Dialog, Modal } from '@fahrwerk/ui';
import type { EmailTemplate } from '../api/template-queries';
import { type EmailPlaceholder, fillSubjectExample } from '../lib/placeholder-html';
import { useMailTemplatesTranslation } from '../use-mail-templates-translation';
import { TemplatePreview } from './template-preview';

export type TemplatePreviewDialogProps = {
  template: EmailTemplate | null;
  placeholders: readonly EmailPlaceholder[];
  onClose: () => void;
};

/** A template as a student would read it, with the placeholders' examples. */
export function TemplatePreviewDialog({
  template,
  placeholders,
  onClose,
}: TemplatePreviewDialogProps) {
  const { t } = useMailTemplatesTranslation();
  return (
    <Modal isOpen={template !== null} onOpenChange={(open) => !open && onClose()} size="lg">
      <Dialog title={t('preview.title', { name: template?.name ?? '' })}>
        {template && (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-neutral-600">{t('preview.hint')}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="font-medium text-neutral-700">{t('preview.subject')}</dt>
              <dd className="text-neutral-900">
                {fillSubjectExample(template.subject, placeholders)}
              </dd>
            </dl>
            <TemplatePreview
              html={template.body}
              placeholders={placeholders}
              label={t('preview.body')}
            />
          </div>
        )}
      </Dialog>
    </Modal>
  );
}
