import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { I18n } from './i18n';
import { ToastProvider, type Toasts } from './toast';

type RouterProps = Parameters<typeof RouterProvider>[0];

export type UiProviderProps = {
  /** An instance from `createI18n()`. */
  i18n: I18n;
  /**
   * Client-side navigation for links (`Link`, `Sidebar`, `TabNav`, `Tab href`), e.g.
   * `(to, options) => router.navigate({ to, ...options })` with TanStack Router. Its types
   * follow react-aria's `RouterConfig`, which the app may augment with the router's types.
   */
  navigate?: RouterProps['navigate'];
  /** Turns a router path into a real `href` (base path). */
  useHref?: RouterProps['useHref'];
  /**
   * The toasts of this app or embed (`createToasts()`), when code outside React shows them
   * too. @default a queue of its own: every `UiProvider` has one, apart from any other's
   */
  toasts?: Toasts;
  children: ReactNode;
};

/**
 * The context the components need: translations, the locale for react-aria (dates,
 * numbers, built-in labels), the toast queue (`useToast`, `ToastRegion`) and, optionally,
 * the router for links.
 */
export function UiProvider({ i18n, navigate, useHref, toasts, children }: UiProviderProps) {
  const content = (
    <ToastProvider toasts={toasts}>
      <LocaleBridge>{children}</LocaleBridge>
    </ToastProvider>
  );
  return (
    <I18nextProvider i18n={i18n}>
      {navigate ? (
        <RouterProvider navigate={navigate} useHref={useHref}>
          {content}
        </RouterProvider>
      ) : (
        content
      )}
    </I18nextProvider>
  );
}

/** Follows i18next's language (it re-renders on `languageChanged`) for react-aria's locale. */
function LocaleBridge({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? 'en-GB' : 'de-DE';
  return <I18nProvider locale={locale}>{children}</I18nProvider>;
}
