import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';

type PulseEntry = components['schemas']['PulseEntry'];

/** A busy Thursday of the demo school (times in UTC; shown in Berlin time). */
export const demoPulse: PulseEntry[] = [
  {
    kind: 'DEBIT_FAILED',
    at: '2026-11-26T15:42:00Z',
    refId: 91,
    studentId: 7,
    name: 'Jonas Becker',
    detail: 'CHARGED_BACK',
    amount: 8_400,
  },
  {
    kind: 'LESSON_CANCELLED',
    at: '2026-11-26T14:05:00Z',
    refId: 812,
    studentId: 3,
    name: 'Lena Schmidt',
    detail: '28.11.2026 10:00',
  },
  {
    kind: 'EXAM_RESULT',
    at: '2026-11-26T11:30:00Z',
    refId: 44,
    studentId: 12,
    name: 'Mia Wagner',
    detail: 'PASSED',
  },
  {
    kind: 'EMAIL_RECEIVED',
    at: '2026-11-26T10:12:00Z',
    refId: 301,
    studentId: 3,
    name: 'Lena Schmidt',
    detail: 'Prüfungstermin ändern',
  },
  {
    kind: 'PAYMENT_RECORDED',
    at: '2026-11-26T09:40:00Z',
    refId: 90,
    studentId: 12,
    name: 'Mia Wagner',
    detail: 'TRANSFER',
    amount: 24_900,
  },
  {
    kind: 'LESSON_BOOKED',
    at: '2026-11-26T08:15:00Z',
    refId: 811,
    studentId: 3,
    name: 'Lena Schmidt',
    detail: '28.11.2026 10:00',
  },
  {
    kind: 'REGISTRATION',
    at: '2026-11-26T07:02:00Z',
    refId: 55,
    name: 'Emre Yilmaz',
    detail: 'emre.yilmaz@example.de',
  },
];

/** Handlers of `GET /pulse`, one per outcome. */
export const pulseHandlers = {
  day: mockHttp.get('/pulse', ({ response }) => response(200).json(demoPulse)),
  empty: mockHttp.get('/pulse', ({ response }) => response(200).json([])),
  down: mockHttp.get('/pulse', ({ response }) => response(500).json(errorBody('errors.internal'))),
  /** Answers the entries of the asked day only (26.11.2026), nothing else. */
  byDay: mockHttp.get('/pulse', ({ request, response }) =>
    response(200).json(
      new URL(request.url).searchParams.get('date') === '2026-11-26' ? demoPulse : [],
    ),
  ),
};
