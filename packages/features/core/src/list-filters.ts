import { useCallback, useState } from 'react';

/**
 * The list filters the spec names (000 §4): remembered per browser, cleared on sign-out.
 * Each feature keeps its list's filter under one of these keys.
 */
export const LIST_FILTER_KEYS = [
  'branch',
  'practicalExam',
  'theoryExam',
  'broadcast',
  'calendar',
  'costBearer',
  'drivingSchool',
  'instructor',
  'mailbox',
  'messaging',
  'payTypes',
  'paymentDocument',
  'priceList',
  'registrations',
  'theoryLesson',
  'todo',
  'vehicle',
  'student',
] as const;

export type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];

const PREFIX = 'fahrwerk.filter.';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readListFilter<T>(key: ListFilterKey): T | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeListFilter<T>(key: ListFilterKey, value: T): void {
  storage()?.setItem(PREFIX + key, JSON.stringify(value));
}

/** Forgets every list filter; called on sign-out. */
export function clearListFilters(): void {
  const store = storage();
  if (!store) return;
  for (const key of LIST_FILTER_KEYS) store.removeItem(PREFIX + key);
}

/** A list filter that survives reloads until sign-out; with key `null`, one kept by the screen only. */
export function useListFilter<T>(key: ListFilterKey | null, initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => (key ? readListFilter<T>(key) : null) ?? initial);
  const update = useCallback(
    (next: T) => {
      if (key) writeListFilter(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, update];
}
