import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';

type Schemas = components['schemas'];
const STAMP = { createdAt: '2026-09-01T08:00:00Z', updatedAt: '2026-09-01T08:00:00Z' };

export const checklistUsers: Schemas['User'][] = [
  {
    id: 7,
    drivingSchoolId: 1,
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'e.mustermann@fahrschule-demo.de',
    roleIds: [1],
    roleNames: ['Büro'],
    studentVisibility: 'ALL',
    archived: false,
  },
];

export const checklistTemplates: Schemas['ChecklistTemplate'][] = [
  {
    id: 1,
    name: 'Anmeldung vollständig',
    forCostBearers: false,
    items: [],
    ...STAMP,
  },
  { id: 2, name: 'Prüfungsvorbereitung', forCostBearers: false, items: [], ...STAMP },
  { id: 3, name: 'Kostenübernahme', forCostBearers: true, items: [], ...STAMP },
];

/** A student's checklist "Anmeldung vollständig": 3 of 5 done. */
export const studentChecklist = (): Schemas['Checklist'] => ({
  id: 11,
  templateId: 1,
  name: 'Anmeldung vollständig',
  studentId: 101,
  createdAt: '2026-09-01T08:00:00Z',
  items: [
    {
      id: 111,
      text: 'Sehtest',
      position: 0,
      checked: true,
      checkedAt: '2026-11-12T09:00:00Z',
      checkedByUserId: 7,
    },
    {
      id: 112,
      text: 'Erste-Hilfe-Kurs',
      position: 1,
      checked: true,
      checkedAt: '2026-11-12T09:05:00Z',
      checkedByUserId: 7,
    },
    {
      id: 113,
      text: 'Passbild',
      position: 2,
      checked: true,
      checkedAt: '2026-11-13T10:00:00Z',
      checkedByUserId: 7,
    },
    { id: 114, text: 'Antrag gestellt', position: 3, checked: false },
    { id: 115, text: 'Biometrisches Foto hochgeladen', position: 4, checked: false },
  ],
});

const newChecklist = (
  template: Schemas['ChecklistTemplate'],
  owner: { studentId: number } | { costBearerId: number },
): Schemas['Checklist'] => ({
  id: 20 + template.id,
  templateId: template.id,
  name: template.name,
  ...owner,
  createdAt: '2026-11-27T08:00:00Z',
  items: [
    { id: 200 + template.id * 10, text: 'Unterlagen geprüft', position: 0, checked: false },
    { id: 201 + template.id * 10, text: 'Bestätigung erhalten', position: 1, checked: false },
  ],
});

/**
 * The checklist calls of students and cost bearers over an in-memory list, so ticking,
 * adding and deleting show their result. `refuseAdd` answers every add with 422
 * `errors.checklist_exists` (another user added it meanwhile).
 */
export function checklistHandlers({
  initial = [studentChecklist()],
  refuseAdd = false,
}: {
  initial?: Schemas['Checklist'][];
  refuseAdd?: boolean;
} = {}) {
  let lists = structuredClone(initial);
  const tick = (id: number, checked: boolean): Schemas['ChecklistItem'] | undefined => {
    for (const list of lists) {
      const item = list.items.find((entry) => entry.id === id);
      if (!item) continue;
      const { checkedAt: _at, checkedByUserId: _by, ...rest } = item;
      const changed: Schemas['ChecklistItem'] = checked
        ? { ...rest, checked, checkedAt: '2026-11-27T08:30:00Z', checkedByUserId: 7 }
        : { ...rest, checked };
      list.items = list.items.map((entry) => (entry.id === id ? changed : entry));
      return changed;
    }
    return undefined;
  };
  const add = (templateId: number, owner: { studentId: number } | { costBearerId: number }) => {
    const template = checklistTemplates.find((entry) => entry.id === templateId);
    if (!template) return undefined;
    const created = newChecklist(template, owner);
    lists = [...lists, created];
    return created;
  };
  return [
    mockHttp.get('/users', ({ response }) => response(200).json(checklistUsers)),
    mockHttp.get('/checklist/templates', ({ query, response }) => {
      const kind = query.get('forCostBearers');
      return response(200).json(
        checklistTemplates.filter(
          (template) => kind === null || String(template.forCostBearers) === kind,
        ),
      );
    }),
    mockHttp.get('/checklist/by-student/{id}', ({ params, response }) =>
      response(200).json(lists.filter((list) => list.studentId === Number(params.id))),
    ),
    mockHttp.get('/checklist/by-cost-bearer/{id}', ({ params, response }) =>
      response(200).json(lists.filter((list) => list.costBearerId === Number(params.id))),
    ),
    mockHttp.put('/checklist/check/{id}', ({ params, query, response }) => {
      const item = tick(Number(params.id), query.get('checked') === 'true');
      return item ? response(200).json(item) : response(404).json(errorBody('errors.not_found'));
    }),
    mockHttp.put('/checklist/cost-bearer/check/{id}', ({ params, query, response }) => {
      const item = tick(Number(params.id), query.get('checked') === 'true');
      return item ? response(200).json(item) : response(404).json(errorBody('errors.not_found'));
    }),
    mockHttp.post('/checklist/template/{studentId}/{templateId}', ({ params, response }) => {
      if (refuseAdd) return response(422).json(errorBody('errors.checklist_exists'));
      const created = add(Number(params.templateId), { studentId: Number(params.studentId) });
      return created
        ? response(201).json(created)
        : response(404).json(errorBody('errors.not_found'));
    }),
    mockHttp.post(
      '/checklist/template/cost-bearer/{costBearerId}/{templateId}',
      ({ params, response }) => {
        if (refuseAdd) return response(422).json(errorBody('errors.checklist_exists'));
        const created = add(Number(params.templateId), {
          costBearerId: Number(params.costBearerId),
        });
        return created
          ? response(201).json(created)
          : response(404).json(errorBody('errors.not_found'));
      },
    ),
    mockHttp.delete('/checklist/template/{studentId}/{templateId}', ({ params, response }) => {
      lists = lists.filter(
        (list) =>
          !(
            list.studentId === Number(params.studentId) &&
            list.templateId === Number(params.templateId)
          ),
      );
      return response(204).empty();
    }),
    mockHttp.delete(
      '/checklist/template/cost-bearer/{costBearerId}/{templateId}',
      ({ params, response }) => {
        lists = lists.filter(
          (list) =>
            !(
              list.costBearerId === Number(params.costBearerId) &&
              list.templateId === Number(params.templateId)
            ),
        );
        return response(204).empty();
      },
    ),
  ];
}

/** The lists answer 500 (the templates and users as usual). */
export function checklistLoadErrorHandlers() {
  return [
    mockHttp.get('/checklist/by-student/{id}', ({ response }) =>
      response(500).json(errorBody('errors.internal')),
    ),
    mockHttp.get('/checklist/by-cost-bearer/{id}', ({ response }) =>
      response(500).json(errorBody('errors.internal')),
    ),
    ...checklistHandlers(),
  ];
}
