import { expect, test } from 'vitest';
import { bookingVerdict } from './booking-verdict';

const match = { matches: true, alreadyAttended: false, reasons: [] as string[] };

test('a matching student fits; one who attended the topic is a repetition', () => {
  expect(bookingVerdict(match)).toEqual({ status: 'fits', reasons: [] });
  expect(bookingVerdict({ ...match, alreadyAttended: true })).toEqual({
    status: 'repeat',
    reasons: ['booking.reasons.alreadyAttended'],
  });
});

test("the server's reasons become texts; a full course adds 'no places'", () => {
  expect(
    bookingVerdict({ ...match, matches: false, reasons: ['theory.match.class_not_covered'] }),
  ).toEqual({ status: 'refused', reasons: ['booking.reasons.classNotCovered'] });
  expect(
    bookingVerdict({ ...match, matches: false, reasons: ['theory.match.not_in_course'] }, 0),
  ).toEqual({
    status: 'refused',
    reasons: ['booking.reasons.notInCourse', 'booking.reasons.noPlaces'],
  });
  expect(bookingVerdict({ ...match, matches: false, reasons: [] })).toEqual({
    status: 'refused',
    reasons: ['booking.reasons.noMatch'],
  });
});
