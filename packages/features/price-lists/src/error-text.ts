import { errorToastMessage } from '@fahrwerk/api';
import { CORE_NAMESPACE } from '@fahrwerk/core';
import type { TFunction } from 'i18next';

/** The text to show for a failed call, in the user's language (spec 000 §8). */
export function errorText(error: unknown, t: TFunction): string | undefined {
  if (!error) return undefined;
  return (
    errorToastMessage(error, (key) => t(key, { ns: CORE_NAMESPACE }), 'errors.unknown') ?? undefined
  );
}
