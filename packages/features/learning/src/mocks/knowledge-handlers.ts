import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';

type KnowledgeBook = components['schemas']['KnowledgeBook'];

/*
 * The knowledge books as the server answers them: Basiswissen (59) with two chapters and four
 * pages, Zusatzwissen Klasse B (60) with one chapter of two pages, Zusatzwissen Klasse A (61)
 * still without pages. The pages are short German texts of our own.
 */

export const demoBooks: Record<number, KnowledgeBook> = {
  59: {
    id: 59,
    title: 'Basiswissen',
    chapters: [
      {
        title: 'Grundregeln',
        pages: [
          { id: 5901, title: 'Ständige Vorsicht und gegenseitige Rücksicht' },
          { id: 5902, title: 'Geschwindigkeit' },
        ],
      },
      {
        title: 'Vorfahrt',
        pages: [
          { id: 5903, title: 'Rechts vor links' },
          { id: 5904, title: 'Abstand' },
        ],
      },
    ],
  },
  60: {
    id: 60,
    title: 'Zusatzwissen Klasse B',
    chapters: [
      {
        title: 'Anhänger',
        pages: [
          { id: 6001, title: 'Stützlast und Anhängelast' },
          { id: 6002, title: 'Beladen' },
        ],
      },
    ],
  },
  61: { id: 61, title: 'Zusatzwissen Klasse A', chapters: [] },
};

export const demoPages: Record<number, string> = {
  5901: `<h3>Ständige Vorsicht und gegenseitige Rücksicht</h3>
<p>Die Teilnahme am Straßenverkehr erfordert <strong>ständige Vorsicht</strong> und gegenseitige Rücksicht. Wer am Verkehr teilnimmt, hat sich so zu verhalten, dass kein anderer geschädigt, gefährdet oder mehr als nach den Umständen unvermeidbar behindert oder belästigt wird.</p>
<h4>Was das im Alltag heißt</h4>
<ul><li>Rechnen Sie mit Fehlern anderer – besonders von Kindern, älteren Menschen und Radfahrern.</li><li>Verzichten Sie im Zweifel auf Ihr Recht.</li><li>Verständigen Sie sich durch Blickkontakt.</li></ul>
<blockquote>Vorsicht ist kein Zeichen von Unsicherheit, sondern von Erfahrung.</blockquote>`,
  5902: `<h3>Geschwindigkeit</h3>
<p>Sie dürfen nur so schnell fahren, dass Sie Ihr Fahrzeug ständig beherrschen. Die Geschwindigkeit richtet sich nach Straßen-, Verkehrs-, Sicht- und Wetterverhältnissen sowie nach Ihren persönlichen Fähigkeiten.</p>
<table><thead><tr><th>Ort</th><th>Höchstgeschwindigkeit (Pkw)</th></tr></thead><tbody><tr><td>innerorts</td><td>50 km/h</td></tr><tr><td>außerorts</td><td>100 km/h</td></tr><tr><td>Autobahn</td><td>Richtgeschwindigkeit 130 km/h</td></tr></tbody></table>
<p>Bei Sichtweiten unter 50 m durch Nebel, Schneefall oder Regen gilt: <em>höchstens 50 km/h</em>.</p>`,
  5903: `<h3>Rechts vor links</h3>
<p>An Kreuzungen und Einmündungen ohne Verkehrszeichen und ohne Ampel hat Vorfahrt, wer von rechts kommt.</p>
<ol><li>Schauen Sie zuerst nach rechts.</li><li>Fahren Sie langsam heran, damit Sie anhalten können.</li><li>Achten Sie auf Handzeichen der Polizei – sie gehen allem vor.</li></ol>`,
  5904: `<h3>Abstand</h3>
<p>Als Faustregel für den Abstand zum Vorausfahrenden gilt <strong>der halbe Tachowert in Metern</strong>: bei 100 km/h also 50 m.</p>
<p>Bei Nässe, Glätte oder schlechter Sicht vergrößern Sie den Abstand.<br>Leitpfosten stehen in der Regel 50 m auseinander.</p>`,
  6001: `<h3>Stützlast und Anhängelast</h3>
<p>Die <strong>Stützlast</strong> ist die Kraft, mit der die Deichsel des Anhängers auf die Anhängekupplung drückt. Die zulässige Stützlast steht in der Zulassungsbescheinigung Teil I.</p>
<ul><li>Zu geringe Stützlast: Der Anhänger neigt zum Schlingern.</li><li>Zu hohe Stützlast: Die Hinterachse wird überlastet.</li></ul>`,
  6002: `<h3>Beladen</h3>
<p>Schwere Ladung gehört nach unten und möglichst über die Achse. Sichern Sie die Ladung gegen Verrutschen, Umfallen und Herabfallen.</p>`,
};

/** The books and pages as above. */
export const knowledgeHandlers = [
  mockHttp.get('/wiki-drive-buzz/books/{bookId}', ({ params, response }) => {
    const book = demoBooks[Number(params.bookId)];
    return book ? response(200).json(book) : response(404).json(errorBody('errors.not_found'));
  }),
  mockHttp.get('/wiki-drive-buzz/pages/{pageId}/html', ({ params, response }) => {
    const html = demoPages[Number(params.pageId)];
    return html === undefined
      ? response(404).json(errorBody('errors.not_found'))
      : response(200).text(html);
  }),
];

/** Single handlers for the states; put them before `knowledgeHandlers`. */
export const knowledgeStateHandlers = {
  bookLoading: mockHttp.get('/wiki-drive-buzz/books/{bookId}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(demoBooks[59] as KnowledgeBook);
  }),
  /** Fails while `failing()` says so (a retry after it stops succeeds). */
  bookDownWhile: (failing: () => boolean) =>
    mockHttp.get('/wiki-drive-buzz/books/{bookId}', ({ params, response }) =>
      failing()
        ? response(500).json(errorBody('errors.internal'))
        : response(200).json(demoBooks[Number(params.bookId)] as KnowledgeBook),
    ),
  /** Fails while `failing()` says so. */
  pageDownWhile: (failing: () => boolean) =>
    mockHttp.get('/wiki-drive-buzz/pages/{pageId}/html', ({ params, response }) =>
      failing()
        ? response(500).json(errorBody('errors.internal'))
        : response(200).text(demoPages[Number(params.pageId)] ?? ''),
    ),
};
