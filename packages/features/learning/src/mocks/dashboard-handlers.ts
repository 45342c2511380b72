import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay, HttpResponse } from 'msw';

type Dashboard = components['schemas']['Dashboard'];

/** A 1 × 1 PNG as a data URL (the image of a tile). */
export const DEMO_WIDGET_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The dashboard of a school: three tiles (one with image and button) and a video. */
export const demoDashboard: Dashboard = {
  widgets: [
    {
      id: 1,
      title: 'Heute: Vorfahrt',
      text: 'Rechts vor links, Vorfahrtstraßen und abknickende Vorfahrt.\nBringt eure Fragen mit!',
      position: 0,
      image: DEMO_WIDGET_IMAGE,
    },
    {
      id: 2,
      title: 'Lernen zu Hause',
      text: 'Übt die Fragen des Kapitels im Lernmodus.',
      buttonTitle: 'Zum Lernmodus',
      buttonUrl: 'https://fahrschule.example/lernen',
      position: 1,
    },
    { id: 3, title: 'Nächste Prüfungstermine', text: 'Aushang im Büro.', position: 2 },
  ],
  youtubeLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
};

/** Handlers of the dashboard calls: one per outcome; `saved` records the last PUT body. */
export function dashboardHandlers(initial: Dashboard = demoDashboard) {
  let current = structuredClone(initial);
  const saved: components['schemas']['DashboardInput'][] = [];
  const uploads: number[] = [];
  const handlers = {
    get: mockHttp.get('/unterricht-dashboard', ({ response }) => response(200).json(current)),
    loading: mockHttp.get('/unterricht-dashboard', async ({ response }) => {
      await delay('infinite');
      return response(200).json(current);
    }),
    down: mockHttp.get('/unterricht-dashboard', ({ response }) =>
      response(500).json(errorBody('errors.internal')),
    ),
    put: mockHttp.put('/unterricht-dashboard', async ({ request, response }) => {
      const body = await request.json();
      saved.push(body);
      let next = 100;
      current = {
        widgets: body.widgets.map((widget) => {
          const before = current.widgets.find((w) => w.id === widget.id);
          return {
            ...widget,
            id: widget.id ?? next++,
            ...(before?.image ? { image: before.image } : {}),
          };
        }),
        ...(body.youtubeLink ? { youtubeLink: body.youtubeLink } : {}),
      };
      return response(200).json(current);
    }),
    upload: mockHttp.post('/unterricht-dashboard/img', ({ query, response }) => {
      const id = Number(query.get('widgetId'));
      uploads.push(id);
      current = {
        ...current,
        widgets: current.widgets.map((w) => (w.id === id ? { ...w, image: DEMO_WIDGET_IMAGE } : w)),
      };
      const widget = current.widgets.find((w) => w.id === id);
      return widget
        ? response(200).json(widget)
        : response(404).json(errorBody('errors.not_found'));
    }),
    /** The connection breaks during the upload. */
    uploadBroken: mockHttp.post('/unterricht-dashboard/img', () => HttpResponse.error()),
    /** The server refuses the content (a GIF sent as PNG). */
    uploadRefused: mockHttp.post('/unterricht-dashboard/img', ({ response }) =>
      response(422).json({
        ...errorBody('errors.validation'),
        fieldErrors: [{ field: 'file', error: 'validation.file_type' }],
      } as never),
    ),
  };
  return { handlers, saved, uploads };
}
