import './preview.css';
import { createI18n, ToastRegion } from '@fahrwerk/ui';
import type { Decorator, Preview } from '@storybook/react-vite';
import { initialize, mswLoader } from 'msw-storybook-addon';
import { configure } from 'storybook/test';
import { withFahrwerk } from './fahrwerk-decorator';
import { onUnhandledRequest, unhandledRequests } from './unhandled-requests';

// `findBy…` and `waitFor` wait up to 20 s, not 1 s: menus and dialogs open behind an
// animation and a mocked request, and on a busy 2-core machine (CI beside another job) that
// took over 5 s. A wait ends as soon as what it looks for is there, so a long limit costs
// nothing when all is well. Stories give no timeouts of their own (shorter ones raced the
// machine); the test timeout (vitest.config.ts) is well above this one.
configure({ asyncUtilTimeout: 20_000 });

// Every request a story makes must be mocked by that story's `parameters.msw.handlers`.
initialize({
  onUnhandledRequest,
  quiet: true,
  // Relative, so the worker is found under the /storybook/ sub-path as well.
  serviceWorker: { url: './mockServiceWorker.js' },
});

/** A fresh i18n per story in the toolbar's language; stories find it in `context.loaded.i18n`. */
const freshI18n = async ({ globals }: { globals: Record<string, unknown> }) => ({
  i18n: createI18n({ lng: globals.locale === 'en' ? 'en' : 'de' }),
});

/**
 * The provider set every feature renders in (see `fahrwerk-decorator.tsx`: API client on
 * `/api`, fresh toast queue and query client, i18n, `parameters.permissions`) plus the one
 * toast region, which shows that story's queue (a fresh one per story: nothing to clear).
 */
const withProviders: Decorator = (Story, context) =>
  withFahrwerk(
    () => (
      <>
        <Story />
        <ToastRegion />
      </>
    ),
    context,
  );

const preview: Preview = {
  loaders: [mswLoader, freshI18n],
  decorators: [withProviders],
  beforeEach() {
    unhandledRequests.length = 0;
  },
  afterEach() {
    if (unhandledRequests.length > 0) {
      const list = unhandledRequests.splice(0).join(', ');
      throw new Error(
        `Unmocked request(s) in this story: ${list}. Add handlers to parameters.msw.`,
      );
    }
  },
  globalTypes: {
    locale: {
      description: 'Sprache der Oberfläche',
      toolbar: {
        title: 'Sprache',
        icon: 'globe',
        items: [
          { value: 'de', title: 'Deutsch' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'de' },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: {
      // Accessibility violations fail the story's test.
      test: 'error',
      // react-aria's visually hidden live region briefly keeps announcements that point at a
      // pending button by id; when the button unmounts (a dialog closes) the reference dangles
      // for seven seconds. It is react-aria's own machinery, not our markup.
      context: { exclude: ['[data-live-announcer]'] },
    },
  },
};

export default preview;
