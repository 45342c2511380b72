import type {
  AutomaticMessageChannel,
  AutomaticMessageEvent,
  AutomaticMessageLogStatus,
} from './api/messaging-queries';

/** The events of the contract, in its order (the server answers one rule for each). */
export const AUTOMATIC_MESSAGE_EVENTS = [
  'REGISTRATION_RECEIVED',
  'LESSON_BOOKED',
  'LESSON_CANCELLED',
  'EXAM_BOOKED',
  'INVOICE_ISSUED',
  'DEBIT_FAILED',
  'BIRTHDAY',
] as const satisfies readonly AutomaticMessageEvent[];

export const AUTOMATIC_MESSAGE_CHANNELS = [
  'MESSAGE',
  'EMAIL',
  'BOTH',
] as const satisfies readonly AutomaticMessageChannel[];

export const AUTOMATIC_MESSAGE_LOG_STATUSES = [
  'SENT',
  'FAILED',
  'SKIPPED',
] as const satisfies readonly AutomaticMessageLogStatus[];

/**
 * The channels an event can use: a registration has no student (and so no learning app)
 * yet, its message goes to the registration's e-mail address.
 */
export function channelsFor(event: AutomaticMessageEvent): readonly AutomaticMessageChannel[] {
  return event === 'REGISTRATION_RECEIVED' ? ['EMAIL'] : AUTOMATIC_MESSAGE_CHANNELS;
}
