import { z } from 'zod';
import type { Branch, BranchInput } from '../api/fleet-queries';

/* The branch form. Messages are keys of the fleet texts (`form.errors.*`). */

const time = z.string().nullable();

export const branchFormSchema = z
  .object({
    name: z.string().trim().min(1, 'form.errors.nameRequired').max(100, 'form.errors.tooLong'),
    abbreviation: z
      .string()
      .trim()
      .min(1, 'form.errors.abbreviationRequired')
      .max(10, 'form.errors.abbreviationLength'),
    priceListId: z.number().nullable(),
    workCorridorFrom: time,
    workCorridorTo: time,
    defaultDrivingLessonDuration: z.number().nullable(),
    showOnWebsite: z.boolean(),
    instructorsRead: z.boolean(),
    instructorsWrite: z.boolean(),
  })
  .superRefine((form, context) => {
    if (!form.workCorridorFrom) {
      context.addIssue({
        code: 'custom',
        path: ['workCorridorFrom'],
        message: 'form.errors.timeRequired',
      });
    }
    if (!form.workCorridorTo) {
      context.addIssue({
        code: 'custom',
        path: ['workCorridorTo'],
        message: 'form.errors.timeRequired',
      });
    }
    if (
      form.workCorridorFrom &&
      form.workCorridorTo &&
      form.workCorridorTo <= form.workCorridorFrom
    ) {
      context.addIssue({
        code: 'custom',
        path: ['workCorridorTo'],
        message: 'form.errors.timeOrder',
      });
    }
    const minutes = form.defaultDrivingLessonDuration;
    if (minutes === null || Number.isNaN(minutes)) {
      context.addIssue({
        code: 'custom',
        path: ['defaultDrivingLessonDuration'],
        message: 'form.errors.durationRequired',
      });
    } else if (minutes < 15 || minutes > 240 || minutes % 5 !== 0) {
      context.addIssue({
        code: 'custom',
        path: ['defaultDrivingLessonDuration'],
        message: 'form.errors.durationRange',
      });
    }
  });

export type BranchForm = z.input<typeof branchFormSchema>;

export const emptyBranchForm = (): BranchForm => ({
  name: '',
  abbreviation: '',
  priceListId: null,
  workCorridorFrom: '07:00',
  workCorridorTo: '20:00',
  defaultDrivingLessonDuration: 45,
  showOnWebsite: false,
  instructorsRead: false,
  instructorsWrite: false,
});

export const branchToForm = (branch: Branch): BranchForm => ({
  name: branch.name,
  abbreviation: branch.abbreviation,
  priceListId: branch.priceListId ?? null,
  workCorridorFrom: branch.workCorridor.from,
  workCorridorTo: branch.workCorridor.to,
  defaultDrivingLessonDuration: branch.defaultDrivingLessonDuration,
  showOnWebsite: branch.showOnWebsite,
  instructorsRead: branch.calendarShareRights.instructorsRead,
  instructorsWrite: branch.calendarShareRights.instructorsWrite,
});

/**
 * The body of POST/PUT /branches. A PUT replaces the whole branch, so the fields this form
 * does not edit (address, phone, e-mail, opening hours, fast-lane duration) go back as the
 * branch has them: nothing is lost by saving.
 */
export function formToBranchInput(form: BranchForm, current?: Branch): BranchInput {
  const input: BranchInput = {
    name: form.name.trim(),
    abbreviation: form.abbreviation.trim(),
    workCorridor: { from: form.workCorridorFrom ?? '', to: form.workCorridorTo ?? '' },
    defaultDrivingLessonDuration: form.defaultDrivingLessonDuration ?? 0,
    showOnWebsite: form.showOnWebsite,
    calendarShareRights: {
      instructorsRead: form.instructorsRead || form.instructorsWrite,
      instructorsWrite: form.instructorsWrite,
    },
  };
  if (form.priceListId !== null) input.priceListId = form.priceListId;
  if (current) {
    input.dayWorkHours = current.dayWorkHours;
    if (current.address) input.address = current.address;
    if (current.phone) input.phone = current.phone;
    if (current.email) input.email = current.email;
    if (current.fastLaneDuration !== undefined) input.fastLaneDuration = current.fastLaneDuration;
  }
  return input;
}

/** Server field names that differ from the form's (the rest land on the field of their name). */
export const BRANCH_SERVER_FIELDS = {
  'workCorridor.from': 'workCorridorFrom',
  'workCorridor.to': 'workCorridorTo',
  workCorridor: 'workCorridorTo',
} as const satisfies Record<string, keyof BranchForm>;
