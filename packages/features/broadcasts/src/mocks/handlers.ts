import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';

type Broadcast = components['schemas']['Broadcast'];
type BroadcastInput = components['schemas']['BroadcastInput'];
type BroadcastRecipient = components['schemas']['BroadcastRecipient'];
type BroadcastTemplate = components['schemas']['BroadcastTemplate'];
type Branch = components['schemas']['Branch'];
type StudentCategory = components['schemas']['StudentCategory'];
type TheoryCourse = components['schemas']['TheoryCourse'];

const stamp = { createdAt: '2026-11-20T09:00:00Z', updatedAt: '2026-11-20T09:00:00Z' };
const text = (body: string) => `<p>${body}</p>`;

/** One broadcast of each state (and an archived one), newest first as the server lists them. */
export const demoBroadcasts: Broadcast[] = [
  {
    id: 1,
    name: 'Ferienzeiten Weihnachten',
    recipientGroup: { branchIds: [1] },
    fastlane: false,
    subject: 'Unsere Öffnungszeiten über Weihnachten',
    body: text('Vom 23.12. bis 2.1. ist das Büro geschlossen. Fahrstunden finden statt.'),
    publishFrom: '2026-12-15',
    publishTo: '2027-01-02',
    state: 'CREATED',
    sendEmail: true,
    archived: false,
    ...stamp,
  },
  {
    id: 2,
    name: 'Neue Theoriekurse im Januar',
    recipientGroup: { licenseClasses: ['B', 'B197'], educationStatuses: ['REGISTERED'] },
    fastlane: false,
    subject: 'Theorie ab Januar: jetzt anmelden',
    body: text('Ab dem 8. Januar starten unsere neuen Theoriekurse.'),
    publishFrom: '2026-12-01',
    state: 'PREPARED',
    sendEmail: true,
    recipientCount: 48,
    delivery: { pending: 46, sent: 0, failed: 0, withoutEmail: 2, notSent: 0 },
    archived: false,
    ...stamp,
  },
  {
    id: 3,
    name: 'Prüfungstermine Dezember',
    recipientGroup: { branchIds: [1, 2], studentCategoryIds: [11] },
    fastlane: false,
    subject: 'Freie Prüfungstermine im Dezember',
    body: text('Im Dezember sind noch Prüfungstermine frei.'),
    publishFrom: '2026-11-27',
    publishTo: '2026-12-20',
    state: 'PUBLISHED',
    sendEmail: true,
    recipientCount: 120,
    publishedAt: '2026-11-27T08:00:00Z',
    delivery: { pending: 40, sent: 78, failed: 0, withoutEmail: 2, notSent: 0 },
    archived: false,
    ...stamp,
  },
  {
    id: 4,
    name: 'Glatteis-Hinweis',
    recipientGroup: {},
    fastlane: true,
    subject: 'Fahrstunden bei Glatteis',
    body: text('Bei Glatteis verschieben wir Fahrstunden kostenlos.'),
    publishFrom: '2026-11-20',
    state: 'PUBLISHED',
    sendEmail: true,
    recipientCount: 60,
    publishedAt: '2026-11-20T07:30:00Z',
    delivery: { pending: 0, sent: 55, failed: 3, withoutEmail: 2, notSent: 0 },
    archived: false,
    ...stamp,
  },
  {
    id: 5,
    name: 'Sommerfest',
    recipientGroup: { branchIds: [2] },
    fastlane: false,
    subject: 'Einladung zum Sommerfest',
    body: text('Wir feiern am 12. Juli.'),
    publishFrom: '2026-07-01',
    publishTo: '2026-07-12',
    state: 'EXPIRED',
    sendEmail: true,
    recipientCount: 30,
    publishedAt: '2026-07-01T07:00:00Z',
    stoppedAt: '2026-07-03T10:15:00Z',
    delivery: { pending: 0, sent: 18, failed: 0, withoutEmail: 2, notSent: 10 },
    archived: false,
    ...stamp,
  },
  {
    id: 6,
    name: 'Erste-Hilfe-Kurs Oktober',
    recipientGroup: { educationStatuses: ['IN_TRAINING'] },
    fastlane: false,
    subject: 'Erste-Hilfe-Kurs am 18. Oktober',
    body: text('Der nächste Erste-Hilfe-Kurs findet am 18. Oktober statt.'),
    publishFrom: '2026-10-01',
    publishTo: '2026-10-18',
    state: 'FINISHED',
    sendEmail: false,
    recipientCount: 75,
    publishedAt: '2026-10-01T07:00:00Z',
    archived: false,
    ...stamp,
  },
];

export const archivedBroadcast: Broadcast = {
  id: 7,
  name: 'Alte Öffnungszeiten',
  recipientGroup: {},
  fastlane: false,
  subject: 'Neue Öffnungszeiten ab März',
  body: text('Ab März öffnen wir um 9 Uhr.'),
  publishFrom: '2026-03-01',
  publishTo: '2026-03-31',
  state: 'EXPIRED',
  sendEmail: false,
  recipientCount: 140,
  publishedAt: '2026-03-01T07:00:00Z',
  stoppedAt: '2026-03-05T07:00:00Z',
  archived: true,
  ...stamp,
};

const allBroadcasts = [...demoBroadcasts, archivedBroadcast];
const byId = (id: number | string) => allBroadcasts.find((b) => b.id === Number(id));

/** 30 created broadcasts, for paging. */
export const manyBroadcasts: Broadcast[] = Array.from({ length: 30 }, (_, index) => ({
  ...(demoBroadcasts[0] as Broadcast),
  id: 100 + index,
  name: `Rundschreiben ${index + 1}`,
}));

const people = [
  ['Lena', 'Neumann'],
  ['Jonas', 'Becker'],
  ['Mia', 'Schulz'],
  ['Paul', 'Wagner'],
  ['Emma', 'Hoffmann'],
] as const;

/** The recipients of a broadcast: its e-mail results as the delivery counts say. */
export function demoRecipients(broadcast: Broadcast): BroadcastRecipient[] {
  const d = broadcast.delivery;
  const statuses: BroadcastRecipient['emailStatus'][] = d
    ? [
        ...Array<'FAILED'>(Math.min(d.failed, 3)).fill('FAILED'),
        ...Array<'NO_EMAIL'>(Math.min(d.withoutEmail, 1)).fill('NO_EMAIL'),
        ...Array<'PENDING'>(Math.min(d.pending, 1)).fill('PENDING'),
        ...Array<'NOT_SENT'>(Math.min(d.notSent, 1)).fill('NOT_SENT'),
        ...Array<'SENT'>(Math.min(d.sent, 2)).fill('SENT'),
      ]
    : ['NOT_SENT', 'NOT_SENT'];
  return statuses.map((emailStatus, index) => {
    const [firstName, lastName] = people[index % people.length] as readonly [string, string];
    const recipient: BroadcastRecipient = {
      studentId: 40 + index,
      firstName,
      lastName: index >= people.length ? `${lastName} ${index}` : lastName,
      emailStatus,
    };
    if (emailStatus !== 'NO_EMAIL')
      recipient.email = `${firstName.toLowerCase()}${index}@example.org`;
    if (emailStatus === 'SENT') recipient.sentAt = '2026-11-27T08:05:00Z';
    if (emailStatus === 'FAILED') recipient.error = '550 5.1.1 Postfach nicht vorhanden';
    return recipient;
  });
}

export const demoTemplates: BroadcastTemplate[] = [
  {
    id: 1,
    name: 'Betriebsferien',
    subject: 'Unsere Fahrschule macht Ferien',
    body: text('Vom … bis … ist unser Büro geschlossen.'),
    ...stamp,
  },
  {
    id: 2,
    name: 'Wetterwarnung',
    subject: 'Fahrstunden bei Unwetter',
    body: text('Bei Unwetter verschieben wir Fahrstunden kostenlos.'),
    ...stamp,
  },
];

export const demoPlaceholders: components['schemas']['EmailPlaceholder'][] = [
  { key: 'student.firstName', description: 'Vorname des Fahrschülers', example: 'Lena' },
  { key: 'student.lastName', description: 'Nachname des Fahrschülers', example: 'Neumann' },
];

export const demoBranches = [
  { id: 1, name: 'Filiale Mitte', abbreviation: 'MI', archived: false },
  { id: 2, name: 'Filiale Nord', abbreviation: 'NO', archived: false },
] as Branch[];
export const demoCategories = [
  { id: 11, name: 'Schüler mit Förderung', archived: false },
  { id: 12, name: 'Berufskraftfahrer', archived: false },
] as StudentCategory[];
export const demoCourses = [
  { id: 21, shortDescription: 'Intensivkurs Januar', start: '2027-01-08', end: '2027-01-19' },
] as TheoryCourse[];

/** How many students a group reaches in the demo: fewer the more it narrows, none in fast lane. */
function demoCount(body: components['schemas']['BroadcastRecipientCountRequest']): number {
  if (body.fastlane) return 0;
  const lists = Object.values(body.recipientGroup ?? {}).filter((list) => list.length > 0);
  return lists.length === 0 ? 120 : Math.max(12, Math.round(120 / (lists.length * 2.5)));
}

/** Handlers of the broadcast calls, one per outcome, for stories and tests. */
export const broadcastHandlers = {
  page: mockHttp.post('/broadcasts/filter', async ({ request, response }) => {
    const filter = await request.json();
    const search = filter.search?.toLowerCase();
    const rows = allBroadcasts.filter(
      (b) =>
        b.archived === (filter.archived ?? false) &&
        (!filter.states?.length || filter.states.includes(b.state)) &&
        (!search || `${b.name} ${b.subject}`.toLowerCase().includes(search)),
    );
    return response(200).json({ data: rows, total: rows.length });
  }),
  pageMany: mockHttp.post('/broadcasts/filter', async ({ request, response }) => {
    const { page = 0, size = 25 } = await request.json();
    return response(200).json({
      data: manyBroadcasts.slice(page * size, (page + 1) * size),
      total: manyBroadcasts.length,
    });
  }),
  pageEmpty: mockHttp.post('/broadcasts/filter', ({ response }) =>
    response(200).json({ data: [], total: 0 }),
  ),
  pageLoading: mockHttp.post('/broadcasts/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [], total: 0 });
  }),
  pageDown: mockHttp.post('/broadcasts/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  get: mockHttp.get('/broadcasts/{id}', ({ params, response }) => {
    const broadcast = byId(params.id);
    return broadcast
      ? response(200).json(broadcast)
      : response(404).json(errorBody('errors.not_found'));
  }),
  getDown: mockHttp.get('/broadcasts/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  recipients: mockHttp.get('/broadcasts/{id}/recipients', ({ params, response }) => {
    const broadcast = byId(params.id);
    return response(200).json(
      broadcast && broadcast.state !== 'CREATED' ? demoRecipients(broadcast) : [],
    );
  }),
  count: mockHttp.post('/broadcasts/count-recipients', async ({ request, response }) =>
    response(200).json({ count: demoCount(await request.json()) }),
  ),
  create: mockHttp.post('/broadcasts', async ({ request, response }) =>
    response(201).json({
      ...(demoBroadcasts[0] as Broadcast),
      ...(await request.json()),
      id: 99,
      state: 'CREATED',
    } as Broadcast),
  ),
  createRefused: mockHttp.post('/broadcasts', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'recipientGroup.branchIds', error: 'validation.not_found' }],
      }),
    ),
  ),
  update: mockHttp.put('/broadcasts/{id}', async ({ params, request, response }) =>
    response(200).json({
      ...(byId(params.id) as Broadcast),
      ...(await request.json()),
      state: 'CREATED',
    } as Broadcast),
  ),
  prepare: mockHttp.post('/broadcasts/{id}/prepare', ({ params, response }) =>
    response(200).json({
      ...(byId(params.id) as Broadcast),
      state: 'PREPARED',
      recipientCount: 48,
    }),
  ),
  prepareNoRecipients: mockHttp.post('/broadcasts/{id}/prepare', ({ response }) =>
    response(422).json(errorBody('errors.broadcast_no_recipients')),
  ),
  publish: mockHttp.post('/broadcasts/{id}/publish', ({ params, response }) =>
    response(200).json({
      ...(byId(params.id) as Broadcast),
      state: 'PUBLISHED',
      publishedAt: '2026-11-27T09:00:00Z',
    }),
  ),
  stop: mockHttp.post('/broadcasts/{id}/stop', ({ params, response }) =>
    response(200).json({
      ...(byId(params.id) as Broadcast),
      state: 'EXPIRED',
      stoppedAt: '2026-11-27T09:00:00Z',
    }),
  ),
  archive: mockHttp.post('/broadcasts/archive', ({ query, response }) => {
    const broadcast = byId(query.get('id') ?? '') as Broadcast;
    const archived = query.get('archived') === 'true';
    return response(200).json({
      ...broadcast,
      archived,
      state: archived && broadcast.state === 'PUBLISHED' ? 'EXPIRED' : broadcast.state,
    });
  }),
  remove: mockHttp.delete('/broadcasts/{id}', ({ response }) => response(204).empty()),
  branches: mockHttp.get('/branches', ({ response }) => response(200).json(demoBranches)),
  categories: mockHttp.get('/student-categories/', ({ response }) =>
    response(200).json(demoCategories),
  ),
  courses: mockHttp.get('/theory-courses', ({ response }) => response(200).json(demoCourses)),
  templates: mockHttp.get('/broadcast-templates', ({ query, response }) => {
    const search = query.get('search')?.toLowerCase();
    return response(200).json(
      demoTemplates.filter(
        (t) => !search || `${t.name} ${t.subject}`.toLowerCase().includes(search),
      ),
    );
  }),
  templatesEmpty: mockHttp.get('/broadcast-templates', ({ response }) => response(200).json([])),
  templatesDown: mockHttp.get('/broadcast-templates', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  createTemplate: mockHttp.post('/broadcast-templates', async ({ request, response }) =>
    response(201).json({ ...(await request.json()), id: 9, ...stamp }),
  ),
  updateTemplate: mockHttp.put('/broadcast-templates/{id}', async ({ params, request, response }) =>
    response(200).json({ ...(await request.json()), id: Number(params.id), ...stamp }),
  ),
  removeTemplate: mockHttp.delete('/broadcast-templates/{id}', ({ response }) =>
    response(204).empty(),
  ),
  templatesLoading: mockHttp.get('/broadcast-templates', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  getLoading: mockHttp.get('/broadcasts/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(demoBroadcasts[0] as Broadcast);
  }),
  placeholders: mockHttp.get('/email-templates/placeholders', ({ response }) =>
    response(200).json(demoPlaceholders),
  ),
};

/**
 * `POST /broadcasts` that keeps what it was sent, so a story can check the body the form
 * made. Made per story.
 */
export function recordingCreate() {
  const sent: BroadcastInput[] = [];
  const handler = mockHttp.post('/broadcasts', async ({ request, response }) => {
    const input = await request.json();
    sent.push(input);
    return response(201).json({
      ...(demoBroadcasts[0] as Broadcast),
      ...input,
      recipientGroup: input.recipientGroup ?? {},
      fastlane: input.fastlane ?? false,
      sendEmail: input.sendEmail ?? false,
      id: 99,
      state: 'CREATED',
    });
  });
  return { handler, sent };
}

/**
 * A published broadcast whose e-mails are going out: the first answers have 40 pending, later
 * ones none (all sent). Made per story; `reset` (in the story's `beforeEach`) starts over.
 */
export function deliveringHandlers(answersBeforeDone = 1) {
  const running = demoBroadcasts[2] as Broadcast;
  const done: Broadcast = {
    ...running,
    delivery: { pending: 0, sent: 118, failed: 0, withoutEmail: 2, notSent: 0 },
  };
  let calls = 0;
  return {
    reset: () => {
      calls = 0;
    },
    handlers: [
      mockHttp.get('/broadcasts/{id}', ({ response }) => {
        calls += 1;
        return response(200).json(calls <= answersBeforeDone ? running : done);
      }),
    ],
  };
}

/** The look-ups of the recipient group and the templates, which every form loads. */
export const lookupHandlers = [
  broadcastHandlers.branches,
  broadcastHandlers.categories,
  broadcastHandlers.courses,
  broadcastHandlers.templates,
  broadcastHandlers.count,
  broadcastHandlers.placeholders,
];

export const fullHandlers = [
  broadcastHandlers.page,
  broadcastHandlers.get,
  broadcastHandlers.recipients,
  ...lookupHandlers,
  broadcastHandlers.create,
  broadcastHandlers.update,
  broadcastHandlers.prepare,
  broadcastHandlers.publish,
  broadcastHandlers.stop,
  broadcastHandlers.archive,
  broadcastHandlers.remove,
];

export const templateHandlers = [
  broadcastHandlers.templates,
  broadcastHandlers.placeholders,
  broadcastHandlers.createTemplate,
  broadcastHandlers.updateTemplate,
  broadcastHandlers.removeTemplate,
];
