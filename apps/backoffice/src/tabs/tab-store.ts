import type { TabContext } from '../routes/route-table';

/** A navigation tab (spec 000 §2): id, label, route, index, translation key, custom-label flag. */
export type NavigationTab = {
  id: string;
  label: string;
  route: string;
  index: number;
  translationKey: string;
  customLabel: boolean;
};

export type TabContextState = {
  tabs: NavigationTab[];
  activeTabId: string | null;
  /** Tab ids in the order they were activated, most recent last. */
  history: string[];
};

export type TabsState = {
  activeContext: TabContext;
  contexts: Record<TabContext, TabContextState>;
};

const STORAGE_KEY = 'navigationTabs';
const MAX_HISTORY = 50;

function emptyState(): TabsState {
  const empty = (): TabContextState => ({ tabs: [], activeTabId: null, history: [] });
  return { activeContext: 'fsc', contexts: { fsc: empty(), lms: empty(), unterricht: empty() } };
}

type Listener = (state: TabsState) => void;

/**
 * Tabs, active tab, active context and history of the three contexts, kept for the browser
 * session (session storage), so a reload keeps them and a new tab starts fresh.
 */
export class TabStore {
  #state: TabsState;
  #listeners = new Set<Listener>();
  readonly #storage: Storage;

  constructor(storage: Storage = sessionStorage) {
    this.#storage = storage;
    this.#state = this.#load();
  }

  get state(): TabsState {
    return this.#state;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Opens (or re-activates) the tab of a route in its context. */
  open(context: TabContext, route: string, translationKey: string): void {
    const current = this.#state.contexts[context];
    const existing = current.tabs.find((tab) => tab.route === route);
    const tabs = existing
      ? current.tabs
      : [
          ...current.tabs,
          {
            id: route,
            label: translationKey,
            route,
            index: current.tabs.length,
            translationKey,
            customLabel: false,
          },
        ];
    const id = existing?.id ?? route;
    if (this.#state.activeContext === context && current.activeTabId === id && existing) return;
    this.#update(context, {
      tabs,
      activeTabId: id,
      history: [...current.history.filter((h) => h !== id), id].slice(-MAX_HISTORY),
    });
  }

  /** Closes a tab; answers the route to show next (the previous tab in history), if any. */
  close(context: TabContext, id: string): string | null {
    const current = this.#state.contexts[context];
    const tabs = current.tabs
      .filter((tab) => tab.id !== id)
      .map((tab, index) => ({ ...tab, index }));
    const history = current.history.filter((h) => h !== id);
    const nextId = current.activeTabId === id ? (history.at(-1) ?? null) : current.activeTabId;
    this.#update(context, { tabs, activeTabId: nextId, history });
    return tabs.find((tab) => tab.id === nextId)?.route ?? null;
  }

  /** Gives a tab a label of the user's own. */
  rename(context: TabContext, id: string, label: string): void {
    const current = this.#state.contexts[context];
    this.#update(context, {
      ...current,
      tabs: current.tabs.map((tab) => (tab.id === id ? { ...tab, label, customLabel: true } : tab)),
    });
  }

  reset(): void {
    this.#state = emptyState();
    this.#storage.removeItem(STORAGE_KEY);
    this.#emit();
  }

  #update(context: TabContext, next: TabContextState): void {
    this.#state = {
      activeContext: context,
      contexts: { ...this.#state.contexts, [context]: next },
    };
    this.#storage.setItem(STORAGE_KEY, JSON.stringify(this.#state));
    this.#emit();
  }

  #emit(): void {
    for (const listener of this.#listeners) listener(this.#state);
  }

  #load(): TabsState {
    try {
      const raw = this.#storage.getItem(STORAGE_KEY);
      if (!raw) return emptyState();
      const parsed = JSON.parse(raw) as TabsState;
      if (!parsed.contexts?.fsc || !parsed.contexts.lms || !parsed.contexts.unterricht) {
        return emptyState();
      }
      return parsed;
    } catch {
      return emptyState();
    }
  }
}
