import { createApiClient } from '@fahrwerk/api';
import { createFahrwerkQueryClient, registerCoreTexts } from '@fahrwerk/core';
import { registerSessionTexts } from '@fahrwerk/session';
import { addResources, createI18n, createToasts } from '@fahrwerk/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { type AppContext, LANGUAGE_KEY } from './app-context';
import de from './i18n/de.json';
import en from './i18n/en.json';
import { createAppRouter } from './routes/router';
import { SessionStore } from './session/session-store';
import { TabStore } from './tabs/tab-store';
import './styles.css';

async function bootstrap() {
  const language = sessionStorage.getItem(LANGUAGE_KEY) ?? 'de';
  document.documentElement.lang = language;
  const i18n = createI18n({ lng: language });
  registerCoreTexts(i18n);
  registerSessionTexts(i18n);
  addResources(i18n, 'backoffice', { de, en });

  const session = new SessionStore();
  await session.restore();
  const api = createApiClient({
    baseUrl: '/api',
    getToken: () => session.token,
    getLanguage: () => sessionStorage.getItem(LANGUAGE_KEY),
    // Spec 000 §4: a 401 clears the stored user and token and reloads the page. A failed
    // sign-in (no session yet) is shown on the sign-in page instead.
    onUnauthorized: () => {
      if (!session.current) return;
      session.clear();
      window.location.reload();
    },
  });
  const toasts = createToasts();
  const queryClient = createFahrwerkQueryClient(i18n, { toasts });
  const app: AppContext = { session, tabs: new TabStore(), api, queryClient, i18n, toasts };
  const router = createAppRouter(app);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <App app={app} router={router} />
    </StrictMode>,
  );
}

void bootstrap();
