import type { TheoryLessonStudentMatch } from './api/theory-queries';

/**
 * What the booking dialog makes of a student-match result (`GET
 * /theory-lesson/{id}/check-student-match/{studentId}`): `fits` is booked, `repeat` (the topic
 * was attended before) and `refused` are not, each with the text keys of why.
 */
export type BookingVerdict = {
  status: 'fits' | 'repeat' | 'refused';
  /** Text keys of the theory texts. */
  reasons: string[];
};

const REASON_KEYS: Record<string, string> = {
  'theory.match.no_active_education': 'booking.reasons.noActiveEducation',
  'theory.match.class_not_covered': 'booking.reasons.classNotCovered',
  'theory.match.course_limit_reached': 'booking.reasons.courseLimitReached',
  'theory.match.not_in_course': 'booking.reasons.notInCourse',
};

/**
 * `freePlaces`: the free places of the lesson's course (absent for a lesson outside a course);
 * a student not in a full course is refused for want of a place.
 */
export function bookingVerdict(
  match: Pick<TheoryLessonStudentMatch, 'matches' | 'alreadyAttended' | 'reasons'>,
  freePlaces?: number,
): BookingVerdict {
  if (!match.matches) {
    const reasons = match.reasons.map((reason) => REASON_KEYS[reason] ?? reason);
    if (match.reasons.includes('theory.match.not_in_course') && freePlaces === 0) {
      reasons.push('booking.reasons.noPlaces');
    }
    return {
      status: 'refused',
      reasons: reasons.length > 0 ? reasons : ['booking.reasons.noMatch'],
    };
  }
  if (match.alreadyAttended)
    return { status: 'repeat', reasons: ['booking.reasons.alreadyAttended'] };
  return { status: 'fits', reasons: [] };
}
