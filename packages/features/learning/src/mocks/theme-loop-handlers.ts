import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import { demoQuestions, studentHandlers } from './handlers';

type Schemas = components['schemas'];
type ThemeLoopCategory = Schemas['ThemeLoopCategory'];
type StudentThemeLoopCategory = Schemas['StudentThemeLoopCategory'];
type TheoryQuestion = Schemas['TheoryQuestion'];

/*
 * The theme loop of the demo: two categories with five subcategories (alcohol, distance, right
 * of way, the trailer and the motorcycle); Lena Neumann (42, classes B and A) with progress in
 * each; the subcategories' questions are the learning mode's demo questions.
 */

export function demoCatalogue(): ThemeLoopCategory[] {
  return [
    {
      officialNumber: '1.1',
      name: 'Gefahrenlehre',
      subcategories: [
        {
          officialNumber: '1.1.09',
          name: 'Alkohol, Drogen, Medikamente',
          questionCount: 2,
          detailsUrl: 'https://fahrwerk.example/erlaeuterungen/alkohol',
        },
      ],
    },
    {
      officialNumber: '1.2',
      name: 'Verhalten im Straßenverkehr',
      subcategories: [
        {
          officialNumber: '1.2.04',
          name: 'Abstand',
          questionCount: 2,
          detailsUrl: 'https://fahrwerk.example/erlaeuterungen/abstand',
        },
        { officialNumber: '1.2.08', name: 'Vorfahrt', questionCount: 2 },
      ],
    },
  ];
}

export const demoStudentThemeLoop: StudentThemeLoopCategory[] = [
  {
    name: 'basic',
    base: true,
    subcategories: [
      {
        officialNumber: '1.1.09',
        name: 'Alkohol, Drogen, Medikamente',
        questionCount: 2,
        correctCount: 2,
      },
      { officialNumber: '1.2.04', name: 'Abstand', questionCount: 2, correctCount: 1 },
      { officialNumber: '1.2.08', name: 'Vorfahrt', questionCount: 2, correctCount: 0 },
    ],
  },
  {
    name: 'B',
    base: false,
    licenseClass: 'B',
    studentEducationId: 301,
    subcategories: [
      { officialNumber: '2.7.01', name: 'Anhänger', questionCount: 4, correctCount: 1 },
    ],
  },
  {
    name: 'A',
    base: false,
    licenseClass: 'A',
    studentEducationId: 302,
    subcategories: [
      { officialNumber: '2.8.01', name: 'Schutzkleidung', questionCount: 3, correctCount: 0 },
    ],
  },
];

/** The questions of a subcategory with Lena's state. */
function questionsOf(officialNumber: string): TheoryQuestion[] {
  return demoQuestions
    .filter((q) => q.chapter === officialNumber)
    .map((q, index) => ({
      ...q,
      studentState:
        index === 0
          ? {
              studentEducationId: 301,
              timesAnswered: 3,
              timesCorrect: 2,
              timesWrong: 1,
              lastAnsweredAt: '2026-11-20T16:40:00Z',
              lastAnswerCorrect: false,
            }
          : { studentEducationId: 301, timesAnswered: 0, timesCorrect: 0, timesWrong: 0 },
    }));
}

export type ThemeLoopCalls = { puts: { subCategoryNumber: string; body: string }[] };

/** The theme loop's calls, with the PUTs recorded (and applied to the catalogue). */
export function recordThemeLoopCalls() {
  const calls: ThemeLoopCalls = { puts: [] };
  let catalogue = demoCatalogue();
  const handlers = [
    mockHttp.get('/theme-loop/category-subcategory', ({ response }) =>
      response(200).json(catalogue),
    ),
    mockHttp.put(
      '/theme-loop/{subCategoryNumber}/details',
      async ({ params, request, response }) => {
        const body = await request.text();
        calls.puts.push({ subCategoryNumber: params.subCategoryNumber, body });
        if (!/^https?:\/\/\S+$/.test(body)) {
          return response(422).json(
            errorBody('errors.validation', {
              fieldErrors: [{ field: 'body', error: 'validation.url' }],
            }),
          );
        }
        const sub = catalogue
          .flatMap((c) => c.subcategories)
          .find((s) => s.officialNumber === params.subCategoryNumber);
        if (!sub) return response(404).json(errorBody('errors.not_found'));
        sub.detailsUrl = body;
        return response(200).json(sub);
      },
    ),
    mockHttp.get('/theme-loop/{studentId}/student-category-subcategory', ({ params, response }) =>
      Number(params.studentId) === 42
        ? response(200).json(demoStudentThemeLoop)
        : response(200).json([]),
    ),
    mockHttp.get(
      '/theme-loop/{studentId}/{subCategoryOfficialNumber}/{licenceClass}/detailed',
      ({ params, response }) => {
        const sub = demoStudentThemeLoop
          .flatMap((c) => c.subcategories)
          .find((s) => s.officialNumber === params.subCategoryOfficialNumber);
        if (!sub) return response(404).json(errorBody('errors.not_found'));
        return response(200).json({
          officialNumber: sub.officialNumber,
          name: sub.name,
          licenseClass: params.licenceClass,
          detailsUrl: demoCatalogue()
            .flatMap((c) => c.subcategories)
            .find((s) => s.officialNumber === sub.officialNumber)?.detailsUrl,
          questions: questionsOf(sub.officialNumber),
        });
      },
    ),
    ...studentHandlers,
  ];
  return {
    calls,
    handlers,
    reset: () => {
      calls.puts.length = 0;
      catalogue = demoCatalogue();
    },
  };
}

/** Single handlers for the states; put them before a `recordThemeLoopCalls().handlers`. */
export const themeLoopStateHandlers = {
  catalogueLoading: mockHttp.get('/theme-loop/category-subcategory', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  catalogueEmpty: mockHttp.get('/theme-loop/category-subcategory', ({ response }) =>
    response(200).json([]),
  ),
  /** Fails while `failing()` says so (a retry after it stops succeeds). */
  catalogueDownWhile: (failing: () => boolean) =>
    mockHttp.get('/theme-loop/category-subcategory', ({ response }) =>
      failing()
        ? response(500).json(errorBody('errors.internal'))
        : response(200).json(demoCatalogue()),
    ),
  studentDown: mockHttp.get(
    '/theme-loop/{studentId}/student-category-subcategory',
    ({ response }) => response(500).json(errorBody('errors.internal')),
  ),
};
