import { type components, isApiError, useApi } from '@fahrwerk/api';
import { apiKey, type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { decodeExplanation } from '../learning-rules';

export type LearningModeData = components['schemas']['LearningModeData'];
export type LearningChapter = components['schemas']['LearningChapter'];
export type LearningQuestionState = components['schemas']['LearningQuestionState'];
export type LearningStats = components['schemas']['LearningStats'];
export type LearningMetrics = components['schemas']['LearningMetrics'];
export type LearningDay = components['schemas']['LearningDay'];
export type TheoryQuestion = components['schemas']['TheoryQuestion'];
export type TheoryAnswer = components['schemas']['TheoryAnswer'];
export type QuestionAnswerInput = components['schemas']['QuestionAnswerInput'];
export type QuestionAnswerResult = components['schemas']['QuestionAnswerResult'];
export type LastWrongAnswer = components['schemas']['LastWrongAnswer'];
export type StudentEducation = components['schemas']['StudentEducation'];

/** The screens show a failed read themselves (error state with retry): no global toast. */
const inline: FahrwerkMeta = { silentError: true };

/** What an answer or a reset changes: the learning mode, the question, the statistics. */
const LEARNING_KEYS = ['/theory-questions', '/student-question-answers'] as const;

/** The education chosen (its student, class and catalogue version). */
export function useEducation(studentEducationId: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/student-educations/{id}',
      { params: { path: { id: studentEducationId ?? 0 } } },
      { enabled: studentEducationId !== null, meta: inline },
    ),
  );
}

/** A student's name for the picker (the search list may not hold the chosen one). */
export function useStudentName(studentId: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/students/{id}',
      { params: { path: { id: studentId ?? 0 } } },
      {
        enabled: studentId !== null,
        meta: inline,
        select: (student) => `${student.firstName} ${student.lastName}`,
      },
    ),
  );
}

/** The education's class, catalogue version and chapters, each question with the counts. */
export function useLearningMode(studentEducationId: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/theory-questions/learning-mode-for-fsc',
      { params: { query: { studentEducationId: studentEducationId ?? 0 } } },
      { enabled: studentEducationId !== null, meta: inline },
    ),
  );
}

/** The learning status: progress, answered, correct, wrong, pre-exams. */
export function useLearningStats(studentEducationId: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/student-question-answers/stats-for-fsc',
      { params: { query: { studentEducationId: studentEducationId ?? 0 } } },
      { enabled: studentEducationId !== null, meta: inline },
    ),
  );
}

/** Minutes and answers per active day. */
export function useLearningMetrics(studentEducationId: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/student-question-answers/metrics-for-fsc',
      { params: { query: { studentEducationId: studentEducationId ?? 0 } } },
      { enabled: studentEducationId !== null, meta: inline },
    ),
  );
}

/** One question with its answers (and which are correct) and the student's state. */
export function useTheoryQuestion(theoryQuestionId: number, studentEducationId: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/theory-questions/{theoryQuestionId}',
      { params: { path: { theoryQuestionId }, query: { studentEducationId } } },
      { meta: inline, staleTime: 60_000 },
    ),
  );
}

/**
 * The school's explanation of a question as plain text, or `null` when there is none: the
 * server answers it base64-encoded as `text/plain` (`EncodedExplanation`), 404 when the
 * question has no explanation.
 */
export function useQuestionExplanation(officialNumber: string, { enabled = true } = {}) {
  const { fetch } = useApi();
  const init = { params: { path: { officialNumber } } };
  return useQuery({
    queryKey: apiKey('get', '/standard-question-explanation/{officialNumber}', init),
    queryFn: async ({ signal }) => {
      try {
        const { data } = await fetch.GET('/standard-question-explanation/{officialNumber}', {
          ...init,
          parseAs: 'text',
          signal,
        });
        const text = decodeExplanation(typeof data === 'string' ? data : '');
        return text.trim() === '' ? null : text;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    meta: inline,
    staleTime: 5 * 60_000,
  });
}

/** The student's last wrong answer to a question; `null` when never wrong (204). */
export function useLastWrongAnswer(studentId: number | null, theoryQuestionId: number) {
  const { fetch } = useApi();
  const init = { params: { path: { studentId: studentId ?? 0, theoryQuestionId } } };
  const path =
    '/student-question-answers/student/{studentId}/question/{theoryQuestionId}/last-wrong-answer' as const;
  return useQuery({
    queryKey: apiKey('get', path, init),
    queryFn: async ({ signal }) => {
      const { data, response } = await fetch.GET(path, { ...init, signal });
      return response.status === 204 || !data ? null : (data as LastWrongAnswer);
    },
    enabled: studentId !== null,
    meta: inline,
  });
}

/**
 * Records the student's answer; the server judges it and answers the solution. Refreshes
 * the learning mode, the question and the statistics. The question shows a failure itself.
 */
export function useAnswerQuestion() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({
      theoryQuestionId,
      input,
    }: {
      theoryQuestionId: number;
      input: QuestionAnswerInput;
    }) =>
      (
        await fetch.POST('/theory-questions/{theoryQuestionId}/answer', {
          params: { path: { theoryQuestionId } },
          body: input,
        })
      ).data as QuestionAnswerResult,
    onSuccess: () => void invalidate(...LEARNING_KEYS),
  });
}

/**
 * Deletes the education's answers and moves it to the current catalogue version; the
 * education changes too (its version). A failure toasts.
 */
export function useResetAnswers() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (studentEducationId: number) => {
      await fetch.DELETE('/student-question-answers/reset-questions', {
        params: { query: { studentEducationId } },
      });
    },
    onSuccess: () => invalidate(...LEARNING_KEYS, '/student-educations'),
  });
}

/**
 * Saves or deletes the school's explanation of a question (MODULE_THEORY_WRITE): `PUT` with the
 * plain text as body, `DELETE` for none. The shown explanations refresh.
 */
export function useExplanationMutations(officialNumber: string) {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  const path = '/standard-question-explanation/{officialNumber}' as const;
  const init = { params: { path: { officialNumber } } };
  const queryClient = useQueryClient();
  // The text saved is shown at once (no "no explanation yet" until the reload), then read again.
  const refresh = (text: string | null) => {
    queryClient.setQueryData(apiKey('get', path, init), text);
    void invalidate('/standard-question-explanation');
  };
  return {
    save: useMutation({
      meta: inline,
      mutationFn: async (text: string) => {
        await fetch.PUT(path, {
          ...init,
          body: text,
          bodySerializer: (body) => body,
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        });
      },
      onSuccess: (_, text) => refresh(text),
    }),
    remove: useMutation({
      meta: inline,
      mutationFn: async () => {
        await fetch.DELETE(path, init);
      },
      onSuccess: () => refresh(null),
    }),
  };
}
