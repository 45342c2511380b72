import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';

type Message = components['schemas']['Message'];
type MessageInput = components['schemas']['MessageInput'];
type MessageTemplate = components['schemas']['MessageTemplate'];
type MessageTemplateInput = components['schemas']['MessageTemplateInput'];
type AutomaticMessageRule = components['schemas']['AutomaticMessageRule'];
type AutomaticMessageLogEntry = components['schemas']['AutomaticMessageLogEntry'];
type StudentListItem = components['schemas']['StudentListItem'];

const stamp = { createdAt: '2026-11-20T09:00:00Z', updatedAt: '2026-11-20T09:00:00Z' };

export const demoStudents: StudentListItem[] = (
  [
    [41, 'Lena', 'Neumann'],
    [42, 'Jonas', 'Becker'],
    [43, 'Mia', 'Schulz'],
    [44, 'Paul', 'Wagner'],
    [45, 'Emma', 'Hoffmann'],
  ] as const
).map(([id, firstName, lastName]) => ({
  id,
  firstName,
  lastName,
  branchId: 1,
  educationLicenseClasses: ['B'],
  studentCategoryIds: [],
  learningAppLoginAllowed: true,
  archived: false,
}));

/** Sent messages, newest first as the server lists them: by hand and automatic. */
export const demoMessages: Message[] = [
  {
    id: 1,
    studentId: 41,
    studentName: 'Lena Neumann',
    subject: 'Deine Fahrstunde am Freitag',
    text: 'Hallo Lena,\n\ndeine Fahrstunde am Freitag beginnt um 14:00 Uhr.\nBitte bring deine Brille mit.\n\nDeine Fahrschule',
    sentAt: '2026-11-26T15:30:00Z',
    readAt: '2026-11-26T16:02:00Z',
    sentByUserId: 1,
    automatic: false,
  },
  {
    id: 2,
    studentId: 42,
    studentName: 'Jonas Becker',
    subject: 'Fahrstunde gebucht',
    text: 'Hallo Jonas,\ndeine Fahrstunde ist gebucht.',
    sentAt: '2026-11-26T10:00:00Z',
    automatic: true,
    event: 'LESSON_BOOKED',
  },
  {
    id: 3,
    studentId: 43,
    studentName: 'Mia Schulz',
    subject: 'Alles Gute zum Geburtstag!',
    text: 'Liebe Mia,\nalles Gute zum Geburtstag wünscht dir deine Fahrschule.',
    sentAt: '2026-11-25T07:00:00Z',
    readAt: '2026-11-25T08:12:00Z',
    automatic: true,
    event: 'BIRTHDAY',
  },
];

/** 30 messages by hand, for paging. */
export const manyMessages: Message[] = Array.from({ length: 30 }, (_, index) => ({
  ...(demoMessages[0] as Message),
  id: 100 + index,
  subject: `Hinweis ${index + 1}`,
}));

export const demoTemplates: MessageTemplate[] = [
  {
    id: 1,
    name: 'Fahrstunde gebucht',
    subject: 'Fahrstunde gebucht',
    text: 'Hallo {{ student.firstName }},\ndeine Fahrstunde ist gebucht.',
    ...stamp,
  },
  {
    id: 2,
    name: 'Geburtstag',
    subject: 'Alles Gute zum Geburtstag!',
    text: 'Liebe(r) {{ student.firstName }},\nalles Gute zum Geburtstag wünscht dir deine Fahrschule.',
    ...stamp,
  },
  {
    id: 3,
    name: 'Unterlagen fehlen',
    subject: 'Bitte reiche deine Unterlagen ein',
    text: 'Hallo {{ student.firstName }},\nuns fehlen noch Sehtest und Passbild.',
    ...stamp,
  },
];

/** Used by an automatic message: its delete is refused. */
const TEMPLATE_IN_USE = 2;

export const demoPlaceholders: components['schemas']['EmailPlaceholder'][] = [
  { key: 'student.firstName', description: 'Vorname des Fahrschülers', example: 'Lena' },
  { key: 'student.lastName', description: 'Nachname des Fahrschülers', example: 'Neumann' },
];

const EVENTS = [
  'REGISTRATION_RECEIVED',
  'LESSON_BOOKED',
  'LESSON_CANCELLED',
  'EXAM_BOOKED',
  'INVOICE_ISSUED',
  'DEBIT_FAILED',
  'BIRTHDAY',
] as const;

/** One rule per event; only the birthday message is switched on. */
export const demoRules: AutomaticMessageRule[] = EVENTS.map((event) =>
  event === 'BIRTHDAY'
    ? {
        event,
        enabled: true,
        channel: 'BOTH',
        messageTemplateId: TEMPLATE_IN_USE,
        enabledAt: '2026-11-01T08:00:00Z',
        sent: 12,
      }
    : {
        event,
        enabled: false,
        channel: event === 'REGISTRATION_RECEIVED' ? 'EMAIL' : 'MESSAGE',
        sent: 0,
      },
);

export const demoLog: AutomaticMessageLogEntry[] = [
  {
    id: 3,
    event: 'BIRTHDAY',
    channel: 'EMAIL',
    status: 'FAILED',
    studentId: 44,
    recipient: 'Paul Wagner',
    error: '550 5.1.1 Postfach nicht vorhanden',
    createdAt: '2026-11-26T07:00:00Z',
  },
  {
    id: 2,
    event: 'BIRTHDAY',
    channel: 'BOTH',
    status: 'SKIPPED',
    studentId: 45,
    recipient: 'Emma Hoffmann',
    createdAt: '2026-11-25T07:00:00Z',
  },
  {
    id: 1,
    event: 'BIRTHDAY',
    channel: 'BOTH',
    status: 'SENT',
    studentId: 43,
    recipient: 'Mia Schulz',
    createdAt: '2026-11-25T07:00:00Z',
  },
];

const paged = <T>(rows: T[], page = 0, size = 25) => ({
  data: rows.slice(page * size, (page + 1) * size),
  total: rows.length,
});

const includes = (text: string, search: string | undefined) =>
  !search || text.toLowerCase().includes(search.toLowerCase());

/** The answer to `POST /messages`: one message per student, placeholders filled. */
function sentMessages(input: MessageInput): Message[] {
  return input.studentIds.map((studentId, index) => {
    const student = demoStudents.find((row) => row.id === studentId);
    const fill = (text: string) =>
      text.replace(/\{\{\s*student\.firstName\s*\}\}/g, student?.firstName ?? '');
    return {
      id: 500 + index,
      studentId,
      studentName: student ? `${student.firstName} ${student.lastName}` : `#${studentId}`,
      subject: fill(input.subject),
      text: fill(input.text),
      sentAt: '2026-11-27T09:00:00Z',
      sentByUserId: 1,
      automatic: false,
    };
  });
}

const KNOWN_PLACEHOLDERS = new Set(demoPlaceholders.map((row) => row.key));

/** The fields of a template input with a placeholder the server does not know. */
function unknownPlaceholders(input: MessageTemplateInput) {
  return (['subject', 'text'] as const)
    .filter((field) =>
      [...input[field].matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].some(
        ([, key]) => !KNOWN_PLACEHOLDERS.has(key ?? ''),
      ),
    )
    .map((field) => ({ field, error: 'validation.unknown_placeholder' }));
}

/** Handlers of the messaging calls, one per outcome, for stories and tests. */
export const messagingHandlers = {
  page: mockHttp.post('/messages/filter', async ({ request, response }) => {
    const filter = await request.json();
    const rows = demoMessages.filter(
      (m) =>
        (filter.automatic === undefined || m.automatic === filter.automatic) &&
        (filter.studentId === undefined || m.studentId === filter.studentId) &&
        includes(`${m.subject} ${m.text} ${m.studentName}`, filter.search),
    );
    return response(200).json(paged(rows, filter.page, filter.size));
  }),
  pageMany: mockHttp.post('/messages/filter', async ({ request, response }) => {
    const { page, size } = await request.json();
    return response(200).json(paged(manyMessages, page, size));
  }),
  pageEmpty: mockHttp.post('/messages/filter', ({ response }) =>
    response(200).json({ data: [], total: 0 }),
  ),
  pageLoading: mockHttp.post('/messages/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [], total: 0 });
  }),
  pageDown: mockHttp.post('/messages/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  send: mockHttp.post('/messages', async ({ request, response }) =>
    response(201).json(sentMessages(await request.json())),
  ),
  sendRefused: mockHttp.post('/messages', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'studentIds', error: 'validation.not_found' }],
      }),
    ),
  ),
  students: mockHttp.post('/students-filter/filter', async ({ request, response }) => {
    const { search, page, size } = await request.json();
    const rows = demoStudents.filter((s) => includes(`${s.firstName} ${s.lastName}`, search));
    return response(200).json(paged(rows, page, size));
  }),
  placeholders: mockHttp.get('/email-templates/placeholders', ({ response }) =>
    response(200).json(demoPlaceholders),
  ),
  templates: mockHttp.get('/message-templates', ({ response }) =>
    response(200).json(demoTemplates),
  ),
  templatesEmpty: mockHttp.get('/message-templates', ({ response }) => response(200).json([])),
  templatesLoading: mockHttp.get('/message-templates', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  templatesDown: mockHttp.get('/message-templates', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  /** Refuses unknown placeholders at their field, as the server does. */
  createTemplate: mockHttp.post('/message-templates', async ({ request, response }) => {
    const input = await request.json();
    const fieldErrors = unknownPlaceholders(input);
    if (fieldErrors.length > 0) {
      return response(422).json(errorBody('errors.validation', { fieldErrors }));
    }
    return response(201).json({ ...input, id: 9, ...stamp });
  }),
  updateTemplate: mockHttp.put('/message-templates/{id}', async ({ params, request, response }) => {
    const input = await request.json();
    const fieldErrors = unknownPlaceholders(input);
    if (fieldErrors.length > 0) {
      return response(422).json(errorBody('errors.validation', { fieldErrors }));
    }
    return response(200).json({ ...input, id: Number(params.id), ...stamp });
  }),
  /** Refuses the template an automatic message uses (`Geburtstag`). */
  removeTemplate: mockHttp.delete('/message-templates/{id}', ({ params, response }) =>
    Number(params.id) === TEMPLATE_IN_USE
      ? response(422).json(
          errorBody('errors.message_template_in_use', {
            message: 'An automatic message uses the template.',
            globalErrors: ['errors.message_template_in_use'],
          }),
        )
      : response(204).empty(),
  ),
  rules: mockHttp.get('/automatic-messages', ({ response }) => response(200).json(demoRules)),
  rulesLoading: mockHttp.get('/automatic-messages', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  rulesDown: mockHttp.get('/automatic-messages', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  log: mockHttp.post('/automatic-messages/log/filter', async ({ request, response }) => {
    const filter = await request.json();
    const rows = demoLog.filter(
      (entry) =>
        (!filter.event || entry.event === filter.event) &&
        (!filter.status || entry.status === filter.status) &&
        includes(entry.recipient, filter.search),
    );
    return response(200).json(paged(rows, filter.page, filter.size));
  }),
  logEmpty: mockHttp.post('/automatic-messages/log/filter', ({ response }) =>
    response(200).json({ data: [], total: 0 }),
  ),
};

/**
 * The automatic messages as a little server: `PUT` changes the rule that `GET` answers,
 * and switching on without a template is refused at `messageTemplateId`. `reset` (before
 * each story) goes back to `demoRules`.
 */
export function automaticMessageServer() {
  const fresh = () => demoRules.map((rule) => ({ ...rule }));
  let rules = fresh();
  const reset = () => {
    rules = fresh();
  };
  const handlers = [
    mockHttp.get('/automatic-messages', ({ response }) => response(200).json(rules)),
    mockHttp.put('/automatic-messages/{event}', async ({ params, request, response }) => {
      const input = await request.json();
      if (input.enabled && input.messageTemplateId === undefined) {
        return response(422).json(
          errorBody('errors.validation', {
            fieldErrors: [{ field: 'messageTemplateId', error: 'validation.required' }],
          }),
        );
      }
      const before = rules.find((rule) => rule.event === params.event) as AutomaticMessageRule;
      const after: AutomaticMessageRule = {
        event: before.event,
        sent: before.sent,
        enabled: input.enabled,
        channel: input.channel,
        ...(input.messageTemplateId !== undefined
          ? { messageTemplateId: input.messageTemplateId }
          : {}),
        ...(input.enabled
          ? { enabledAt: before.enabled ? before.enabledAt : '2026-11-27T09:00:00Z' }
          : {}),
      };
      rules = rules.map((rule) => (rule.event === after.event ? after : rule));
      return response(200).json(after);
    }),
  ];
  return { handlers, reset };
}

export const messagingScreenHandlers = [
  messagingHandlers.page,
  messagingHandlers.send,
  messagingHandlers.students,
  messagingHandlers.templates,
  messagingHandlers.placeholders,
];

export const templateScreenHandlers = [
  messagingHandlers.templates,
  messagingHandlers.placeholders,
  messagingHandlers.createTemplate,
  messagingHandlers.updateTemplate,
  messagingHandlers.removeTemplate,
];

/** The rules (a little server, see `automaticMessageServer`), the templates and the log. */
export const automaticMessages = automaticMessageServer();

export const automaticMessagesScreenHandlers = [
  ...automaticMessages.handlers,
  messagingHandlers.templates,
  messagingHandlers.log,
];

/**
 * `POST /messages` that keeps what it was sent, so a story can check the body the dialog
 * made. Made per story.
 */
export function recordingSend() {
  const sent: MessageInput[] = [];
  const handler = mockHttp.post('/messages', async ({ request, response }) => {
    const input = await request.json();
    sent.push(input);
    return response(201).json(sentMessages(input));
  });
  return { handler, sent };
}
