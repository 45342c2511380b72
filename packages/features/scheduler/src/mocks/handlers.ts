/* Fixtures and typed MSW handlers of the scheduler's calls, for stories and tests. */
export * from '../booking/mocks';
export * from './calendar-mocks';
