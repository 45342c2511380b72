/**
 * An intensive ("fast lane") theory course: from its first to its last day under this many
 * days. One reading for the public registration page's fast-lane link (the course's `fastlane`)
 * and a broadcast's fast-lane recipients.
 */
export const FASTLANE_MAX_DAYS = 14;

/** Whether a course from `start` to `end` (ISO dates) is a fast-lane course. */
export function isFastlaneCourse(start: string, end: string | null | undefined): boolean {
  if (!end) return false;
  return (
    (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 <
    FASTLANE_MAX_DAYS
  );
}
