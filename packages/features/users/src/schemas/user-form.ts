import { LICENSE_CLASSES, STUDENT_VISIBILITIES, WEEKDAYS } from '@fahrwerk/api';
import { z } from 'zod';
import type { User, UserInput, Weekday } from '../api/users-queries';

/*
 * The user (instructor) form. Messages are keys of the shared core texts (`validation.*`).
 * Chosen roles, branches and colleagues are held as the ids' strings, as checkbox groups
 * give them; the input turns them back into numbers.
 */

/** The contract's `Phone`. */
export const PHONE_PATTERN = /^\+?[0-9 ()/-]{4,30}$/;

const name = z.string().trim().min(1, 'validation.required').max(100, 'validation.max_length');

const range = z
  .object({ from: z.string().nullable(), to: z.string().nullable() })
  .superRefine((value, ctx) => {
    if (!value.from)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
    if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.required' });
    if (value.from && value.to && value.to <= value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.time_order' });
    }
  });

const day = z
  .object({ working: z.boolean(), ranges: z.array(range).max(4, 'validation.max_items') })
  .superRefine((value, ctx) => {
    if (!value.working) return;
    const sorted = value.ranges
      .map((r, index) => ({ ...r, index }))
      .filter((r) => r.from && r.to)
      .sort((a, b) => (a.from as string).localeCompare(b.from as string));
    for (let k = 1; k < sorted.length; k++) {
      const previous = sorted[k - 1];
      const current = sorted[k];
      if (previous && current && (current.from as string) < (previous.to as string)) {
        ctx.addIssue({
          code: 'custom',
          path: ['ranges', current.index, 'from'],
          message: 'validation.overlap',
        });
      }
    }
  });

export const userFormSchema = z.object({
  firstName: name,
  lastName: name,
  email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || PHONE_PATTERN.test(value), 'validation.pattern'),
  roleIds: z.array(z.string()).min(1, 'validation.required').max(20, 'validation.max_items'),
  branchIds: z.array(z.string()),
  calendarReadAccessUserIds: z.array(z.string()),
  calendarWriteAccessUserIds: z.array(z.string()),
  mobileCalendarAccess: z.boolean(),
  studentVisibility: z.enum(STUDENT_VISIBILITIES),
  licenseClasses: z.array(z.enum(LICENSE_CLASSES)),
  week: z.object(
    Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, day])) as Record<Weekday, typeof day>,
  ),
});

export type UserForm = z.input<typeof userFormSchema>;
export type DayForm = UserForm['week'][Weekday];

const emptyWeek = (): UserForm['week'] =>
  Object.fromEntries(
    WEEKDAYS.map((weekday) => [weekday, { working: false, ranges: [] }]),
  ) as unknown as UserForm['week'];

export function emptyUserForm(): UserForm {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    roleIds: [],
    branchIds: [],
    calendarReadAccessUserIds: [],
    calendarWriteAccessUserIds: [],
    mobileCalendarAccess: false,
    studentVisibility: 'ALL',
    licenseClasses: [],
    week: emptyWeek(),
  };
}

export function userToForm(user: User): UserForm {
  const week = emptyWeek();
  for (const day of user.dayWorkHours ?? []) {
    week[day.weekday] = {
      working: day.ranges.length > 0,
      ranges: day.ranges.map((r) => ({ from: r.from, to: r.to })),
    };
  }
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    roleIds: user.roleIds.map(String),
    branchIds: (user.branchIds ?? []).map(String),
    calendarReadAccessUserIds: (user.calendarReadAccessUserIds ?? []).map(String),
    calendarWriteAccessUserIds: (user.calendarWriteAccessUserIds ?? []).map(String),
    mobileCalendarAccess: user.mobileCalendarAccess ?? false,
    studentVisibility: user.studentVisibility,
    licenseClasses: user.licenseClasses ?? [],
    week,
  };
}

export function formToUserInput(form: UserForm): UserInput {
  const phone = form.phone.trim();
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    ...(phone ? { phone } : {}),
    roleIds: form.roleIds.map(Number),
    branchIds: form.branchIds.map(Number),
    calendarReadAccessUserIds: form.calendarReadAccessUserIds
      .filter((id) => !form.calendarWriteAccessUserIds.includes(id))
      .map(Number),
    calendarWriteAccessUserIds: form.calendarWriteAccessUserIds.map(Number),
    mobileCalendarAccess: form.mobileCalendarAccess,
    studentVisibility: form.studentVisibility,
    licenseClasses: form.licenseClasses,
    dayWorkHours: WEEKDAYS.filter((weekday) => form.week[weekday].working).map((weekday) => ({
      weekday,
      ranges: form.week[weekday].ranges.map((r) => ({
        from: r.from as string,
        to: r.to as string,
      })),
    })),
  };
}
