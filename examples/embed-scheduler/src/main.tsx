/*
 * A foreign host: "Fahrschule Sonnenschein – Partnerportal", a product that is not the
 * Fahrwerk back office. It signs in with a form of its own (the server's sign-in operation,
 * POST /generate-token), keeps the token in its own sessionStorage key, and mounts two
 * Fahrwerk screens — the scheduler and the invoice wizard — given only an API client, the
 * token (through `getToken`) and i18n. Everything of Fahrwerk lives inside `FahrwerkScope`;
 * the header, navigation, sign-in form and footer are the host's own, in its own styles.
 */
import { createApiClient, isApiError } from '@fahrwerk/api';
import { FahrwerkProvider } from '@fahrwerk/core';
import { InvoiceWizard } from '@fahrwerk/invoices';
import { SchedulerScreen } from '@fahrwerk/scheduler';
import { createI18n, FahrwerkScope } from '@fahrwerk/ui';
import { type FormEvent, StrictMode, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
// The host's layer first: its rules rank below the embed's inside the embed root.
import './host.css';
import './fahrwerk.css';

const TOKEN_KEY = 'partnerportal.fahrwerk-token';
const listeners = new Set<() => void>();

/** The host's session: just the token, in its own sessionStorage key. */
const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set(token: string | null) {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const i18n = createI18n({ lng: 'de' });
const client = createApiClient({
  baseUrl: '/api',
  getToken: session.token,
  getLanguage: () => i18n.language,
  // An expired or revoked token: back to the host's sign-in.
  onUnauthorized: () => session.set(null),
});

function SignIn() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const { data } = await client.fetch.POST('/generate-token', {
        body: { email: String(form.get('email')), password: String(form.get('password')) },
      });
      if (data) session.set(data.token);
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status === 401
          ? 'E-Mail-Adresse oder Passwort stimmt nicht.'
          : 'Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="host-sign-in" onSubmit={submit} aria-label="Anmeldung">
      <label>
        E-Mail-Adresse
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Passwort
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error ? (
        <p className="host-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        Anmelden
      </button>
    </form>
  );
}

type View = 'scheduler' | 'invoices';

function Host() {
  const token = useSyncExternalStore(session.subscribe, session.token);
  const [view, setView] = useState<View>('scheduler');
  const back = () => setView('scheduler');

  return (
    <>
      <header className="host-header">
        <div>
          <h1>Fahrschule Sonnenschein</h1>
          <p>Partnerportal – Termine und Schlussrechnungen</p>
        </div>
        {token ? (
          <button type="button" onClick={() => session.set(null)}>
            Abmelden
          </button>
        ) : null}
      </header>
      {token ? (
        <>
          <nav className="host-nav" aria-label="Bereiche">
            <button
              type="button"
              aria-pressed={view === 'scheduler'}
              onClick={() => setView('scheduler')}
            >
              Termine
            </button>
            <button
              type="button"
              aria-pressed={view === 'invoices'}
              onClick={() => setView('invoices')}
            >
              Schlussrechnungen
            </button>
          </nav>
          <main className="host-main">
            {/* A new sign-in starts with fresh caches (FahrwerkProvider's own QueryClient). */}
            <FahrwerkScope key={token} className="host-embed" data-testid="embed">
              <FahrwerkProvider client={client} i18n={i18n}>
                {view === 'scheduler' ? (
                  <SchedulerScreen />
                ) : (
                  <InvoiceWizard onCancel={back} onIssued={back} onRunStarted={back} />
                )}
              </FahrwerkProvider>
            </FahrwerkScope>
          </main>
        </>
      ) : (
        <main className="host-main">
          <SignIn />
        </main>
      )}
      <footer className="host-footer">
        Partnerportal der Fahrschule Sonnenschein · Termine und Rechnungen aus Fahrwerk
      </footer>
    </>
  );
}

const root = document.getElementById('host');
if (!root) throw new Error('#host missing');
createRoot(root).render(
  <StrictMode>
    <Host />
  </StrictMode>,
);
