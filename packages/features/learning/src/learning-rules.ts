import type {
  LearningChapter,
  LearningDay,
  LearningModeData,
  LearningQuestionState,
  TheoryAnswer,
  TheoryQuestion,
} from './api/learning-queries';

/**
 * The text of an `EncodedExplanation`: standard base64 (RFC 4648) of UTF-8, so umlauts and
 * „…“ survive. Whitespace (line breaks in the encoding) is ignored.
 */
export function decodeExplanation(encoded: string): string {
  const binary = atob(encoded.replace(/\s+/g, ''));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8').decode(bytes);
}

/** base64 of a text's UTF-8 bytes, as the server sends an explanation (mocks, tests). */
export function encodeExplanation(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A chapter's progress: questions whose last answer was correct, and wrong, of all. */
export function chapterProgress(chapter: LearningChapter) {
  let correct = 0;
  let wrong = 0;
  for (const question of chapter.questions) {
    if (question.lastAnswerCorrect === true) correct += 1;
    else if (question.lastAnswerCorrect === false) wrong += 1;
  }
  return { correct, wrong, total: chapter.questions.length };
}

/** A question the tutor goes through, with the chapter it belongs to. */
export type WeakQuestion = LearningQuestionState & { chapter: string; chapterName: string };

/**
 * The weak questions: those whose last answer was wrong, the costliest first (error points
 * descending), then the most often wrong, then by official number.
 */
export function weakQuestions(data: LearningModeData): WeakQuestion[] {
  return data.chapters
    .flatMap((chapter) =>
      chapter.questions
        .filter((question) => question.lastAnswerCorrect === false)
        .map((question) => ({
          ...question,
          chapter: chapter.officialNumber,
          chapterName: chapter.name,
        })),
    )
    .sort(
      (a, b) =>
        b.points - a.points ||
        b.timesWrong - a.timesWrong ||
        a.officialNumber.localeCompare(b.officialNumber),
    );
}

/** The number entered as the server takes it: digits, at most two decimals, comma or point. */
export const NUMBER_ANSWER = /^-?[0-9]{1,9}([.,][0-9]{1,2})?$/;

/** The entered number trimmed, or `null` when it is no number the server would take. */
export function numberAnswer(text: string): string | null {
  const value = text.trim();
  return NUMBER_ANSWER.test(value) ? value : null;
}

/** The answer of a number question: its label and expected `value` (the correct one). */
export function numberAnswerOf(question: TheoryQuestion): TheoryAnswer | undefined {
  return question.answers.find((answer) => answer.correct) ?? question.answers[0];
}

/** The last `count` active days, newest first (the server sends the oldest first). */
export function lastActiveDays(days: LearningDay[], count = 14): LearningDay[] {
  return days
    .filter((day) => day.answeredCount > 0 || day.minutes > 0)
    .slice(-count)
    .reverse();
}

/** A number in the reader's language: `42,5` in German, `42.5` in English. */
export function formatNumber(value: number, language: string, fractionDigits = 1): string {
  return new Intl.NumberFormat(language.startsWith('en') ? 'en-GB' : 'de-DE', {
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** How many search terms the explanation search keeps (spec 001 §4). */
export const SEARCH_HISTORY_SIZE = 10;

/**
 * The explanation search's history after a search for `term`: newest first, at most 10; a term
 * is added only when it differs from the newest one (spec 001 §4), so the same search twice
 * in a row is kept once. Empty terms are not kept.
 */
export function addSearchTerm(history: readonly string[], term: string): string[] {
  const cleaned = term.trim();
  if (cleaned === '' || history[0] === cleaned) return [...history];
  return [cleaned, ...history].slice(0, SEARCH_HISTORY_SIZE);
}

/** The questions of the learning mode whose official number contains the term (`1.2.03`, `-004`). */
export function questionsMatching(data: LearningModeData, term: string) {
  const needle = term.trim().toLowerCase();
  if (needle === '') return [];
  return data.chapters.flatMap((chapter) =>
    chapter.questions
      .filter((question) => question.officialNumber.toLowerCase().includes(needle))
      .map((question) => ({ ...question, chapter: `${chapter.officialNumber} ${chapter.name}` })),
  );
}
