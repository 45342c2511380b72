/**
 * The syllabus of the theory lessons (FahrschAusbO Anlage 1; DOMAIN.md): the basic syllabus
 * (Grundstoff) of 12 double lessons for every class and the class-specific additional syllabus
 * (Zusatzstoff, class B: 2). The titles are texts (`syllabus.basic.1` …); the server gives a
 * lesson without a topic the same title.
 */
export const BASIC_LESSONS = 12;
/** The additional topics with a title of their own; higher numbers are named by number. */
export const ADDITIONAL_TITLES = 4;
/** The highest lesson number the contract allows. */
export const MAX_LESSON_NUMBER = 20;
/** A theory lesson is a double lesson of 90 minutes. */
export const LESSON_MINUTES = 90;

/** The text key of a lesson's syllabus title, or the numbered fallback's key. */
export function syllabusTopicKey(additional: boolean, lessonNumber: number): string {
  const titled = additional ? ADDITIONAL_TITLES : BASIC_LESSONS;
  const syllabus = additional ? 'additional' : 'basic';
  return lessonNumber >= 1 && lessonNumber <= titled
    ? `syllabus.${syllabus}.${lessonNumber}`
    : `syllabus.${syllabus}Numbered`;
}

/** The lesson numbers a form offers: basic 1–12, additional 1–20. */
export function lessonNumbers(additional: boolean): number[] {
  return Array.from({ length: additional ? MAX_LESSON_NUMBER : BASIC_LESSONS }, (_, i) => i + 1);
}

/** `HH:mm` plus minutes, within the day. */
export function addMinutes(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = Math.min(hours * 60 + mins + minutes, 24 * 60 - 1);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
