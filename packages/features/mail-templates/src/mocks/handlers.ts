import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import { demoPlaceholders } from './placeholders';

export { demoPlaceholders } from './placeholders';

type EmailTemplate = components['schemas']['EmailTemplate'];
type EmailTemplateCategory = components['schemas']['EmailTemplateCategory'];

export const demoCategories: EmailTemplateCategory[] = [
  {
    id: 1,
    name: 'Prüfungen',
    createdAt: '2026-10-01T08:00:00Z',
    updatedAt: '2026-10-01T08:00:00Z',
  },
  { id: 2, name: 'Termine', createdAt: '2026-10-01T08:00:00Z', updatedAt: '2026-10-01T08:00:00Z' },
  {
    id: 3,
    name: 'Zahlungen',
    createdAt: '2026-10-02T08:00:00Z',
    updatedAt: '2026-10-02T08:00:00Z',
  },
];

export const demoTemplates: EmailTemplate[] = [
  {
    id: 11,
    name: 'Prüfungstermin',
    subject: 'Ihr Prüfungstermin am {{ exam.date }}',
    body: '<p><span data-placeholder="student.salutation">{{ student.salutation }}</span>,</p><p>Ihre Prüfung ist am <strong>{{ exam.date }}</strong>. Viel Erfolg!</p><p>Ihre {{ school.name }}</p>',
    templateCategoryId: 1,
    createdAt: '2026-10-05T09:00:00Z',
    updatedAt: '2026-11-20T09:00:00Z',
  },
  {
    id: 12,
    name: 'Terminerinnerung',
    subject: 'Erinnerung: Fahrstunde am {{ appointment.date }}',
    body: '<p>Hallo {{ student.firstName }},</p><p>wir erinnern an Ihre Fahrstunde am {{ appointment.date }} um {{ appointment.startTime }} Uhr.</p>',
    templateCategoryId: 2,
    createdAt: '2026-10-06T09:00:00Z',
    updatedAt: '2026-11-18T09:00:00Z',
  },
  {
    id: 13,
    name: 'Willkommen',
    subject: 'Willkommen bei {{ school.name }}',
    body: '<p>Hallo {{ student.firstName }},</p><p>schön, dass Sie da sind.</p><ul><li>Theorie montags</li><li>Praxis nach Absprache</li></ul>',
    createdAt: '2026-10-07T09:00:00Z',
    updatedAt: '2026-11-10T09:00:00Z',
  },
];

/** Handlers of the template calls, one per outcome, for stories and tests. */
export const templateHandlers = {
  list: mockHttp.get('/email-templates/', ({ response }) => response(200).json(demoTemplates)),
  listEmpty: mockHttp.get('/email-templates/', ({ response }) => response(200).json([])),
  listLoading: mockHttp.get('/email-templates/', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  listDown: mockHttp.get('/email-templates/', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  byCategory: mockHttp.get('/email-templates/{id}', ({ params, response }) =>
    response(200).json(
      demoTemplates.filter((template) => template.templateCategoryId === Number(params.id)),
    ),
  ),
  placeholders: mockHttp.get('/email-templates/placeholders', ({ response }) =>
    response(200).json(demoPlaceholders),
  ),
  create: mockHttp.post('/email-templates', async ({ request, response }) => {
    const body = await request.json();
    return response(201).json({
      ...body,
      id: 99,
      createdAt: '2026-11-27T09:00:00Z',
      updatedAt: '2026-11-27T09:00:00Z',
    });
  }),
  createUnknownPlaceholder: mockHttp.post('/email-templates', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'body', error: 'validation.unknown_placeholder' }],
      }),
    ),
  ),
  update: mockHttp.put('/email-templates/{id}', async ({ params, request, response }) => {
    const template = demoTemplates.find((row) => row.id === Number(params.id)) ?? demoTemplates[0];
    return response(200).json({ ...(template as EmailTemplate), ...(await request.json()) });
  }),
  updateUnknownPlaceholder: mockHttp.put('/email-templates/{id}', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'subject', error: 'validation.unknown_placeholder' }],
      }),
    ),
  ),
  remove: mockHttp.delete('/email-templates/{id}', ({ response }) => response(204).empty()),
  categories: mockHttp.get('/email-template-categories/', ({ response }) =>
    response(200).json(demoCategories),
  ),
  categoriesEmpty: mockHttp.get('/email-template-categories/', ({ response }) =>
    response(200).json([]),
  ),
  createCategory: mockHttp.post('/email-template-categories/', async ({ request, response }) => {
    const { name } = await request.json();
    return response(201).json({
      id: 7,
      name,
      createdAt: '2026-11-27T09:00:00Z',
      updatedAt: '2026-11-27T09:00:00Z',
    });
  }),
  removeCategory: mockHttp.delete('/email-template-categories/{id}', ({ response }) =>
    response(204).empty(),
  ),
  removeCategoryInUse: mockHttp.delete('/email-template-categories/{id}', ({ response }) =>
    response(422).json(errorBody('errors.email_template_category_in_use')),
  ),
};

/** Everything answered, with data. */
export const fullHandlers = [
  templateHandlers.list,
  // Before `byCategory`: `/email-templates/{id}` would match `/email-templates/placeholders`.
  templateHandlers.placeholders,
  templateHandlers.byCategory,
  templateHandlers.create,
  templateHandlers.update,
  templateHandlers.remove,
  templateHandlers.categories,
  templateHandlers.createCategory,
  templateHandlers.removeCategory,
];

/** No templates, no categories. */
export const emptyHandlers = [
  templateHandlers.listEmpty,
  templateHandlers.placeholders,
  templateHandlers.byCategory,
  templateHandlers.categoriesEmpty,
  templateHandlers.create,
  templateHandlers.createCategory,
];
