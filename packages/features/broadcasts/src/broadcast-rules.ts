import type { BadgeTone } from '@fahrwerk/ui';
import type { Broadcast, BroadcastState } from './api/broadcast-queries';

/** The badge colour of each state (spec 001 §4); the record lists every state of the contract. */
export const STATE_TONES: Record<BroadcastState, BadgeTone> = {
  CREATED: 'neutral',
  PREPARED: 'brand',
  PUBLISHED: 'success',
  EXPIRED: 'warning',
  FINISHED: 'neutral',
};

export const BROADCAST_STATES = Object.keys(STATE_TONES) as BroadcastState[];

export type BroadcastAction =
  | 'open'
  | 'edit'
  | 'prepare'
  | 'publish'
  | 'stop'
  | 'archive'
  | 'unarchive'
  | 'delete';

/** Never published: the only states that can be changed or deleted. */
const UNPUBLISHED = new Set<BroadcastState>(['CREATED', 'PREPARED']);

/**
 * What can be done with a broadcast (spec 001 §4), in menu order: change and prepare it
 * until it is published (a change returns a prepared one to CREATED), publish a prepared one
 * (irreversible), stop a published one (at once), delete one never published, archive any.
 * Taking one out of the archive never reactivates it. An archived broadcast only comes out.
 */
export function broadcastActions(broadcast: Broadcast, canWrite: boolean): BroadcastAction[] {
  if (!canWrite) return ['open'];
  if (broadcast.archived) {
    return UNPUBLISHED.has(broadcast.state)
      ? ['open', 'unarchive', 'delete']
      : ['open', 'unarchive'];
  }
  const unpublished = UNPUBLISHED.has(broadcast.state);
  return [
    'open',
    ...(unpublished ? (['edit', 'prepare'] as const) : []),
    ...(broadcast.state === 'PREPARED' ? (['publish'] as const) : []),
    ...(broadcast.state === 'PUBLISHED' ? (['stop'] as const) : []),
    'archive',
    ...(unpublished ? (['delete'] as const) : []),
  ];
}
