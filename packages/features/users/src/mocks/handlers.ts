import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type { Branch, PermissionKey, Role, User } from '../api/users-queries';
import { ALL_KEYS } from '../schemas/role-form';

/* Fixtures and typed MSW handlers of the users and roles calls, for stories and tests. */

const stamp = '2026-01-05T09:00:00Z';

const permissions = (allowed: readonly PermissionKey[]) =>
  ALL_KEYS.map((permission) => ({ permission, allow: allowed.includes(permission) }));

export const rolesFixture: Role[] = [
  {
    id: 1,
    name: 'Inhaber',
    type: 'OWNER',
    description: 'Alle Rechte',
    generalAccess: true,
    sidebarAccess: true,
    permissions: permissions(ALL_KEYS),
    userCount: 1,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'Büro',
    type: 'STAFF',
    description: 'Verwaltung ohne Unternehmenseinstellungen',
    generalAccess: true,
    sidebarAccess: true,
    permissions: permissions([
      'MODULE_CUSTOMERS',
      'MODULE_CUSTOMERS_WRITE',
      'MODULE_TASK',
      'MODULE_TASK_WRITE',
      'MODULE_COMPANY',
    ]),
    userCount: 1,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 3,
    name: 'Fahrlehrer',
    type: 'INSTRUCTOR',
    description: '',
    generalAccess: true,
    sidebarAccess: true,
    permissions: permissions([
      'MODULE_CUSTOMERS',
      'MODULE_TIME_PLANNER',
      'MODULE_TIME_PLANNER_WRITE',
    ]),
    userCount: 2,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

export const branchesFixture: Branch[] = [
  {
    id: 1,
    name: 'Filiale Mitte',
    abbreviation: 'MI',
    dayWorkHours: [],
    workCorridor: { from: '07:00', to: '20:00' },
    defaultDrivingLessonDuration: 45,
    showOnWebsite: true,
    calendarShareRights: { instructorsRead: true, instructorsWrite: false },
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'Filiale Spandau',
    abbreviation: 'SP',
    dayWorkHours: [],
    workCorridor: { from: '08:00', to: '21:00' },
    defaultDrivingLessonDuration: 90,
    showOnWebsite: false,
    calendarShareRights: { instructorsRead: false, instructorsWrite: false },
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

export const usersFixture: User[] = [
  {
    id: 1,
    drivingSchoolId: 1,
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'inhaber@fahrschule-demo.de',
    roleIds: [1],
    roleNames: ['Inhaber'],
    studentVisibility: 'ALL',
    archived: false,
    branchIds: [],
    calendarReadAccessUserIds: [],
    calendarWriteAccessUserIds: [],
    mobileCalendarAccess: false,
    dayWorkHours: [],
    licenseClasses: [],
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    drivingSchoolId: 1,
    firstName: 'Jonas',
    lastName: 'Weber',
    email: 'fahrlehrer@fahrschule-demo.de',
    phone: '+49 30 1234567',
    roleIds: [3, 2],
    roleNames: ['Fahrlehrer', 'Büro'],
    studentVisibility: 'OWN',
    archived: false,
    branchIds: [1],
    calendarReadAccessUserIds: [3],
    calendarWriteAccessUserIds: [1],
    mobileCalendarAccess: true,
    dayWorkHours: [
      {
        weekday: 'MONDAY',
        ranges: [
          { from: '08:00', to: '12:00' },
          { from: '13:00', to: '17:00' },
        ],
      },
      { weekday: 'WEDNESDAY', ranges: [{ from: '10:00', to: '18:00' }] },
    ],
    licenseClasses: ['B', 'BE'],
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 3,
    drivingSchoolId: 1,
    firstName: 'Sabine',
    lastName: 'Bauer',
    email: 'buero@fahrschule-demo.de',
    roleIds: [2],
    roleNames: ['Büro'],
    studentVisibility: 'ALL',
    archived: false,
    branchIds: [1, 2],
    calendarReadAccessUserIds: [],
    calendarWriteAccessUserIds: [],
    mobileCalendarAccess: false,
    dayWorkHours: [],
    licenseClasses: [],
    createdAt: stamp,
    updatedAt: stamp,
  },
];

const page = <T>(data: T[]) => ({ data, total: data.length });
const jonas = usersFixture[1] as User;

export const usersHandlers = {
  usersFull: mockHttp.post('/users/filter', ({ response }) =>
    response(200).json(page(usersFixture)),
  ),
  usersEmpty: mockHttp.post('/users/filter', ({ response }) => response(200).json(page([]))),
  usersLoading: mockHttp.post('/users/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json(page([]));
  }),
  usersError: mockHttp.post('/users/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  branches: mockHttp.post('/branches/filter', ({ response }) =>
    response(200).json(page(branchesFixture)),
  ),
  allUsers: mockHttp.get('/users', ({ response }) => response(200).json(usersFixture)),
  roles: mockHttp.get('/roles', ({ response }) => response(200).json(rolesFixture)),
  rolesEmpty: mockHttp.get('/roles', ({ response }) => response(200).json([])),
  rolesLoading: mockHttp.get('/roles', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  rolesError: mockHttp.get('/roles', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  user: mockHttp.get('/users/{id}', ({ params, response }) => {
    const user = usersFixture.find((row) => row.id === Number(params.id));
    return user ? response(200).json(user) : response(404).json(errorBody('errors.not_found'));
  }),
  userLoading: mockHttp.get('/users/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(jonas);
  }),
  userError: mockHttp.get('/users/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  createUserOk: mockHttp.post('/users', async ({ request, response }) => {
    const input = await request.json();
    return response(201).json({
      ...input,
      id: 10,
      drivingSchoolId: 1,
      roleNames: input.roleIds.map((id) => rolesFixture.find((r) => r.id === id)?.name ?? ''),
      archived: false,
    });
  }),
  createUserEmailInUse: mockHttp.post('/users', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'email', error: 'validation.email_in_use' }],
      }),
    ),
  ),
  createUserMailFailed: mockHttp.post('/users', ({ response }) =>
    response(422).json(
      errorBody('errors.email_not_sent', { globalErrors: ['errors.email_not_sent'] }),
    ),
  ),
  updateUserOk: mockHttp.put('/users/{id}', async ({ request, params, response }) => {
    const input = await request.json();
    return response(200).json({ ...jonas, ...input, id: Number(params.id) });
  }),
  archiveUserOk: mockHttp.post('/users/archive', ({ response }) =>
    response(200).json({ ...jonas, archived: true }),
  ),
  createRoleOk: mockHttp.post('/roles', async ({ request, response }) => {
    const input = await request.json();
    return response(201).json({
      ...(rolesFixture[2] as Role),
      ...input,
      description: input.description ?? '',
      id: 9,
      userCount: 0,
    });
  }),
  updateRoleOk: mockHttp.put('/roles/{id}', async ({ request, params, response }) => {
    const input = await request.json();
    const role = rolesFixture.find((row) => row.id === Number(params.id)) as Role;
    return response(200).json({ ...role, ...input, description: input.description ?? '' });
  }),
  rolePermissionsOk: mockHttp.put(
    '/roles/{id}/permissions',
    async ({ request, params, response }) => {
      const input = await request.json();
      const role = rolesFixture.find((row) => row.id === Number(params.id)) ?? rolesFixture[2];
      return response(200).json({
        ...(role as Role),
        id: Number(params.id),
        permissions: input.permissions,
      });
    },
  ),
  roleNameInUse: mockHttp.post('/roles', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'name', error: 'validation.name_in_use' }],
      }),
    ),
  ),
};
