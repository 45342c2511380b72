import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppContext } from './app-context';
import type { Session } from './session/session-store';
import type { TabsState } from './tabs/tab-store';

export const AppReactContext = createContext<AppContext | null>(null);

export function useApp(): AppContext {
  const app = useContext(AppReactContext);
  if (!app) throw new Error('useApp() outside the back office');
  return app;
}

/** The session, re-rendering on sign-in and sign-out. */
export function useSession(): Session | null {
  const { session } = useApp();
  return useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.current,
  );
}

export function useTabs(): TabsState {
  const { tabs } = useApp();
  return useSyncExternalStore(
    (listener) => tabs.subscribe(listener),
    () => tabs.state,
  );
}
