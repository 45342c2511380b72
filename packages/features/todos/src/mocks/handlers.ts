import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';

type Todo = components['schemas']['Todo'];
type User = components['schemas']['User'];

export const demoTodos: Todo[] = [
  {
    id: 1,
    title: 'Sehtest von Lena Neumann nachfordern',
    description: 'Der Sehtest fehlt noch für den Führerscheinantrag.',
    status: 'OPEN',
    priority: 'HIGH',
    group: 'OFFICE',
    assigneeUserId: 2,
    dueDate: '2026-11-25',
    studentId: 42,
    attachments: [
      {
        id: 501,
        fileName: 'Antrag.pdf',
        mimeType: 'application/pdf',
        size: 182_000,
        uploadedAt: '2026-11-20T09:00:00Z',
      },
    ],
    createdByUserId: 1,
    createdAt: '2026-11-20T09:00:00Z',
    updatedAt: '2026-11-20T09:00:00Z',
  },
  {
    id: 2,
    title: 'TÜV-Termin für den Golf vereinbaren',
    status: 'IN_PROGRESS',
    priority: 'URGENT',
    attachments: [],
    createdByUserId: 1,
    createdAt: '2026-11-19T09:00:00Z',
    updatedAt: '2026-11-19T09:00:00Z',
  },
  {
    id: 3,
    title: 'Prüfungstermine beim TÜV anfragen',
    status: 'DONE',
    priority: 'NORMAL',
    group: 'EXAMS',
    attachments: [],
    createdByUserId: 1,
    doneAt: '2026-11-18T12:00:00Z',
    createdAt: '2026-11-15T09:00:00Z',
    updatedAt: '2026-11-18T12:00:00Z',
  },
];

export const demoStatuses = [
  { id: 'OPEN', label: 'Offen' },
  { id: 'IN_PROGRESS', label: 'In Bearbeitung' },
  { id: 'WAITING', label: 'Wartet' },
  { id: 'DONE', label: 'Erledigt' },
  { id: 'CANCELLED', label: 'Abgebrochen' },
];
export const demoPriorities = [
  { id: 'LOW', label: 'Niedrig' },
  { id: 'NORMAL', label: 'Normal' },
  { id: 'HIGH', label: 'Hoch' },
  { id: 'URGENT', label: 'Dringend' },
];
export const demoGroups = [
  { id: 'OFFICE', label: 'Büro' },
  { id: 'INSTRUCTORS', label: 'Fahrlehrer' },
  { id: 'EXAMS', label: 'Prüfungen' },
];
export const demoUsers = [
  { id: 1, firstName: 'Erika', lastName: 'Mustermann' },
  { id: 2, firstName: 'Olaf', lastName: 'Office' },
] as User[];

/** Handlers of the to-do calls, one per outcome, for stories and tests. */
export const todoHandlers = {
  page: mockHttp.post('/todos/filter', ({ response }) =>
    response(200).json({ data: demoTodos, total: demoTodos.length }),
  ),
  pageEmpty: mockHttp.post('/todos/filter', ({ response }) =>
    response(200).json({ data: [], total: 0 }),
  ),
  pageLoading: mockHttp.post('/todos/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [], total: 0 });
  }),
  pageDown: mockHttp.post('/todos/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  statuses: mockHttp.get('/task-statuses', ({ response }) => response(200).json(demoStatuses)),
  priorities: mockHttp.get('/task-priorities', ({ response }) =>
    response(200).json(demoPriorities),
  ),
  groups: mockHttp.get('/task-groups', ({ response }) => response(200).json(demoGroups)),
  users: mockHttp.get('/users', ({ response }) => response(200).json(demoUsers)),
  students: mockHttp.post('/students/filter', ({ response }) =>
    response(200).json({
      data: [{ id: 42, firstName: 'Lena', lastName: 'Neumann' }] as never,
      total: 1,
    }),
  ),
  student: mockHttp.get('/students/{id}', ({ response }) =>
    response(200).json({ id: 42, firstName: 'Lena', lastName: 'Neumann' } as never),
  ),
  create: mockHttp.post('/todos', async ({ request, response }) => {
    const body = await request.json();
    return response(201).json({
      ...(demoTodos[1] as Todo),
      ...body,
      id: 9,
      status: body.status ?? 'OPEN',
      priority: body.priority ?? 'NORMAL',
    });
  }),
  createRefused: mockHttp.post('/todos', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'assigneeUserId', error: 'validation.unknown_id' }],
      }),
    ),
  ),
  update: mockHttp.put('/todos/{id}', async ({ request, response }) =>
    response(200).json({ ...(demoTodos[0] as Todo), ...(await request.json()) }),
  ),
  status: mockHttp.put('/todos/{id}/status', async ({ request, response }) =>
    response(200).json({ ...(demoTodos[0] as Todo), ...(await request.json()) }),
  ),
  group: mockHttp.put('/todos/{id}/group', async ({ request, response }) =>
    response(200).json({ ...(demoTodos[0] as Todo), ...(await request.json()) }),
  ),
  remove: mockHttp.delete('/todos/{id}', ({ response }) => response(204).empty()),
  upload: mockHttp.post('/todos/{todoId}/attachment', ({ response }) =>
    response(201).json({
      id: 777,
      fileName: 'Sehtest.pdf',
      mimeType: 'application/pdf',
      size: 1200,
      uploadedAt: '2026-11-21T10:00:00Z',
    }),
  ),
  removeAttachment: mockHttp.delete('/todos/{todoId}/attachment/{attachmentId}', ({ response }) =>
    response(204).empty(),
  ),
};

/** The lookups every state of the screen loads. */
export const lookupHandlers = [
  todoHandlers.statuses,
  todoHandlers.priorities,
  todoHandlers.groups,
  todoHandlers.users,
];

export const fullHandlers = [
  todoHandlers.page,
  ...lookupHandlers,
  todoHandlers.students,
  todoHandlers.student,
  todoHandlers.create,
  todoHandlers.update,
  todoHandlers.status,
  todoHandlers.group,
  todoHandlers.remove,
  todoHandlers.upload,
  todoHandlers.removeAttachment,
];
