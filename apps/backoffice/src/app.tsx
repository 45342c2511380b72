import { FahrwerkProvider } from '@fahrwerk/core';
import { RouterProvider } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppContext } from './app-context';
import type { AppRouter } from './routes/router';
import { AppReactContext } from './use-app';

/** The back office: the shared provider set around the router. */
export function App({ app, router }: { app: AppContext; router: AppRouter }) {
  // Re-renders the providers on a language switch, so react-aria's locale follows too.
  useTranslation();
  const current = useSyncExternalStore(
    (listener) => app.session.subscribe(listener),
    () => app.session.current,
  );
  return (
    <AppReactContext.Provider value={app}>
      <FahrwerkProvider
        client={app.api}
        i18n={app.i18n}
        queryClient={app.queryClient}
        toasts={app.toasts}
        permissions={current?.permissions ?? []}
      >
        <RouterProvider router={router} />
      </FahrwerkProvider>
    </AppReactContext.Provider>
  );
}
