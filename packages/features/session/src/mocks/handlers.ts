import type { TokenResponse } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';

export const demoSignIn: TokenResponse = {
  // A JWT-shaped token with drivingSchoolId 1 and roleId 1 (the signature is not checked here).
  token:
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZHJpdmluZ1NjaG9vbElkIjoxLCJyb2xlSWQiOjF9.c2lnbmF0dXJl',
  instructor: {
    id: 1,
    drivingSchoolId: 1,
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'inhaber@fahrschule-demo.de',
    roleIds: [1],
    roleNames: ['Inhaber'],
    studentVisibility: 'ALL',
    archived: false,
  },
  userSettings: { language: 'de', sidebarCollapsed: false },
};

/** Handlers of the session calls, one per outcome, for stories and tests. */
export const sessionHandlers = {
  signInOk: mockHttp.post('/generate-token', ({ response }) => response(200).json(demoSignIn)),
  signInWrongPassword: mockHttp.post('/generate-token', ({ response }) =>
    response(401).json(errorBody('errors.invalid_credentials')),
  ),
  signInServerDown: mockHttp.post('/generate-token', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  /** Too many failed sign-ins for the address or from the IP address (rate limit). */
  signInTooManyAttempts: mockHttp.post('/generate-token', ({ response }) =>
    response(429).json(errorBody('errors.too_many_attempts'), {
      headers: { 'Retry-After': '840' },
    }),
  ),
  supportOk: mockHttp.post('/generate-token-for-support-user', ({ response }) =>
    response(200).json(demoSignIn),
  ),
  supportUsed: mockHttp.post('/generate-token-for-support-user', ({ response }) =>
    response(401).json(errorBody('errors.invalid_token')),
  ),
  requestChangeOk: mockHttp.post('/request-fsc-user-password-change', ({ response }) =>
    response(204).empty(),
  ),
  requestChangeNoUser: mockHttp.post('/request-fsc-user-password-change', ({ response }) =>
    response(404).json(errorBody('errors.no_user')),
  ),
  /** Too many mails to the address in the last hour (rate limit). */
  requestChangeTooMany: mockHttp.post('/request-fsc-user-password-change', ({ response }) =>
    response(429).json(errorBody('errors.too_many_requests'), {
      headers: { 'Retry-After': '3000' },
    }),
  ),
  setPasswordOk: mockHttp.post('/set-fsc-user-password', ({ response }) => response(204).empty()),
  setPasswordExpired: mockHttp.post('/set-fsc-user-password', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'passwordToken', error: 'errors.invalid_token' }],
      }),
    ),
  ),
};
