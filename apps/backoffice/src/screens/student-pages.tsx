import type { Screen } from './screens';

/** The pages of students, documents in processing, education events, learning status and the students' QR-code upload page (issue 4), by route path of the route table. */
export const STUDENT_PAGES: Record<string, Screen> = {};
