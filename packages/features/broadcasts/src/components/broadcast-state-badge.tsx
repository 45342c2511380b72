import { Badge } from '@fahrwerk/ui';
import type { Broadcast } from '../api/broadcast-queries';
import { STATE_TONES } from '../broadcast-rules';
import { useBroadcastsTranslation } from '../use-broadcasts-translation';

/** The state of a broadcast, and "Archiviert" beside it when it is archived. */
export function BroadcastStateBadge({
  broadcast,
}: {
  broadcast: Pick<Broadcast, 'state' | 'archived'>;
}) {
  const { t } = useBroadcastsTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={STATE_TONES[broadcast.state]}>{t(`states.${broadcast.state}`)}</Badge>
      {broadcast.archived && <Badge tone="neutral">{t('archivedBadge')}</Badge>}
    </span>
  );
}
