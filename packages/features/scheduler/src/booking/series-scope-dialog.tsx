import { Button, Dialog, Modal } from '@fahrwerk/ui';
import { useSchedulerTranslation } from '../use-scheduler-translation';
import { SERIES_SCOPES, type SeriesScope } from './booking-types';

export type SeriesScopeDialogProps = {
  /** Asked before saving or before deleting an occurrence of a series. */
  action: 'save' | 'delete';
  onChoose: (scope: SeriesScope) => void;
  onCancel: () => void;
};

/** "Nur diesen Termin / Diesen und alle folgenden / Alle Termine der Serie". */
export function SeriesScopeDialog({ action, onChoose, onCancel }: SeriesScopeDialogProps) {
  const { t } = useSchedulerTranslation();
  return (
    <Modal
      isOpen
      isDismissable={false}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <Dialog
        role="alertdialog"
        title={t(action === 'save' ? 'booking.scope.saveTitle' : 'booking.scope.deleteTitle')}
        footer={
          <Button variant="secondary" onPress={onCancel}>
            {t('booking.actions.cancel')}
          </Button>
        }
      >
        <p>{t(action === 'save' ? 'booking.scope.saveText' : 'booking.scope.deleteText')}</p>
        <div className="mt-4 flex flex-col gap-2">
          {SERIES_SCOPES.map((scope, index) => (
            <Button
              key={scope}
              size="lg"
              variant={index === 0 ? 'primary' : 'secondary'}
              autoFocus={index === 0}
              onPress={() => onChoose(scope)}
            >
              {t(`booking.scope.${scope}`)}
            </Button>
          ))}
        </div>
        <p className="mt-3 text-neutral-600">{t('booking.scope.hint')}</p>
      </Dialog>
    </Modal>
  );
}
