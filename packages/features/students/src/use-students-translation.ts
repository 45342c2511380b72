import { CORE_NAMESPACE } from '@fahrwerk/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { registerStudentsTexts, STUDENTS_NAMESPACE } from './i18n';

export type StudentsT = (key: string, options?: Record<string, unknown>) => string;

/**
 * `t` over this package's texts; keys this package does not have (`errors.*`,
 * `validation.*`, `messages.*`) come from the shared `core` texts.
 */
export function useStudentsTranslation() {
  const result = useTranslation([STUDENTS_NAMESPACE, CORE_NAMESPACE]);
  registerStudentsTexts(result.i18n);
  const { i18n, t: translate } = result;
  const t = useMemo<StudentsT>(
    () => (key, options) =>
      String(
        // The options go along: with `count` a key exists only as its plural forms (`_one`, `_other`).
        i18n.exists(key, { ...options, ns: STUDENTS_NAMESPACE })
          ? translate(key, { ...options, ns: STUDENTS_NAMESPACE })
          : translate(key, { ...options, ns: CORE_NAMESPACE }),
      ),
    [i18n, translate],
  );
  return { ...result, t };
}
