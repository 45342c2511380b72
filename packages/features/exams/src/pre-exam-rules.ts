import type {
  TheoryPreExam,
  TheoryPreExamAnswer,
  TheoryPreExamDetail,
  TheoryPreExamOpenQuestion,
} from './api/exam-queries';

/** Error points a pre-exam may have and still pass (the real exam's rule, first licence). */
export const PRE_EXAM_MAX_ERROR_POINTS = 10;

/** The answer being given to one question of a running pre-exam: ticked ids, or a number. */
export type GivenAnswer = { chosen: string[]; value: string };

/** Answers by `theoryQuestionId`; a question not in it is unanswered. */
export type GivenAnswers = Record<number, GivenAnswer>;

export const NO_ANSWER: GivenAnswer = { chosen: [], value: '' };

/** The number entered as the server takes it: digits, at most two decimals, comma or point. */
const NUMBER_ANSWER = /^-?[0-9]{1,9}([.,][0-9]{1,2})?$/;

/** The entered number trimmed, or `null` when it is no number the server would take. */
export function numberAnswer(text: string): string | null {
  const value = text.trim();
  return NUMBER_ANSWER.test(value) ? value : null;
}

/** Answered: at least one answer ticked, or a number the server takes. */
export function isAnswered(question: TheoryPreExamOpenQuestion, given: GivenAnswer | undefined) {
  if (!given) return false;
  return question.numeric ? numberAnswer(given.value) !== null : given.chosen.length > 0;
}

export function unansweredCount(questions: TheoryPreExamOpenQuestion[], given: GivenAnswers) {
  return questions.filter((question) => !isAnswered(question, given[question.theoryQuestionId]))
    .length;
}

/**
 * The body of the hand-in: one entry per answered question. Unanswered ones (and a number
 * the server would refuse) are left out; the server counts them as wrong.
 */
export function answersBody(
  questions: TheoryPreExamOpenQuestion[],
  given: GivenAnswers,
): TheoryPreExamAnswer[] {
  return questions.flatMap((question): TheoryPreExamAnswer[] => {
    const answer = given[question.theoryQuestionId];
    if (!answer || !isAnswered(question, answer)) return [];
    return [
      question.numeric
        ? {
            theoryQuestionId: question.theoryQuestionId,
            numericValue: numberAnswer(answer.value) as string,
          }
        : {
            theoryQuestionId: question.theoryQuestionId,
            chosenAnswerIds: [...new Set(answer.chosen)].map(Number),
          },
    ];
  });
}

/** The wrong 5-point questions of a finished pre-exam. */
export function wrongFivePointers(detail: TheoryPreExamDetail): number {
  return detail.questions.filter((row) => !row.correct && row.question.points === 5).length;
}

/**
 * Failed because of two wrong 5-point questions: certainly when failed within the error
 * points; with the questions at hand also when the points were exceeded as well.
 */
export function failedByFivePointers(preExam: TheoryPreExam, detail?: TheoryPreExamDetail) {
  if (!preExam.finished || preExam.passed !== false) return false;
  if ((preExam.errorPoints ?? 0) <= PRE_EXAM_MAX_ERROR_POINTS) return true;
  return detail?.preExam.id === preExam.id && wrongFivePointers(detail) >= 2;
}
