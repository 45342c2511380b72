import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { CORE_NAMESPACE } from '../errors';

/** Translates a text key, e.g. a zod message or a server error key; options interpolate. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The `t` of the form a field is in (`ApiForm` provides the feature's `t`). */
export const FormTextsContext = createContext<Translate | null>(null);

/**
 * How form fields translate their error message: with the `t` of the surrounding `ApiForm`
 * (the feature's texts, then the shared `core` texts), else with the `core` texts only.
 */
export function useFormTexts(): Translate {
  const fromForm = useContext(FormTextsContext);
  const { t } = useTranslation(CORE_NAMESPACE);
  return fromForm ?? ((key, options) => String(t(key, options)));
}
