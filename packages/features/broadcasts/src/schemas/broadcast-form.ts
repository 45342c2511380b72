import { EDUCATION_STATUSES, LICENSE_CLASSES } from '@fahrwerk/api';
import { z } from 'zod';
import type {
  Broadcast,
  BroadcastInput,
  BroadcastRecipientCountRequest,
} from '../api/broadcast-queries';
import { toHtmlBody } from './html-body';

/** The create/edit form of a broadcast; messages are keys of this package's texts. */
export const broadcastFormSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.name').max(100, 'validation.nameTooLong'),
    branchIds: z.array(z.string()),
    licenseClasses: z.array(z.enum(LICENSE_CLASSES)),
    studentCategoryIds: z.array(z.string()),
    theoryCourseIds: z.array(z.string()),
    educationStatuses: z.array(z.enum(EDUCATION_STATUSES)),
    fastlane: z.boolean(),
    subject: z.string().trim().min(1, 'validation.subject').max(255, 'validation.subjectTooLong'),
    body: z.string().trim().min(1, 'validation.body').max(200_000, 'validation.bodyTooLong'),
    publishFrom: z
      .string()
      .nullable()
      .refine((value) => value !== null, 'validation.publishFrom'),
    publishTo: z.string().nullable(),
    sendEmail: z.boolean(),
  })
  .refine((form) => !form.publishFrom || !form.publishTo || form.publishTo >= form.publishFrom, {
    path: ['publishTo'],
    message: 'validation.publishToBeforeFrom',
  });

export type BroadcastForm = z.infer<typeof broadcastFormSchema>;

/** The server names the group's fields inside `recipientGroup`; the form keeps them flat. */
export const BROADCAST_SERVER_FIELDS = {
  'recipientGroup.branchIds': 'branchIds',
  'recipientGroup.licenseClasses': 'licenseClasses',
  'recipientGroup.studentCategoryIds': 'studentCategoryIds',
  'recipientGroup.theoryCourseIds': 'theoryCourseIds',
  'recipientGroup.educationStatuses': 'educationStatuses',
} as const;

export const emptyBroadcastForm = (today: string): BroadcastForm => ({
  name: '',
  branchIds: [],
  licenseClasses: [],
  studentCategoryIds: [],
  theoryCourseIds: [],
  educationStatuses: [],
  fastlane: false,
  subject: '',
  body: '',
  publishFrom: today,
  publishTo: null,
  sendEmail: false,
});

const ids = (list: number[] | undefined) => (list ?? []).map(String);

export const broadcastToForm = (broadcast: Broadcast): BroadcastForm => ({
  name: broadcast.name,
  branchIds: ids(broadcast.recipientGroup.branchIds),
  licenseClasses: broadcast.recipientGroup.licenseClasses ?? [],
  studentCategoryIds: ids(broadcast.recipientGroup.studentCategoryIds),
  theoryCourseIds: ids(broadcast.recipientGroup.theoryCourseIds),
  educationStatuses: broadcast.recipientGroup.educationStatuses ?? [],
  fastlane: broadcast.fastlane,
  subject: broadcast.subject,
  body: broadcast.body,
  publishFrom: broadcast.publishFrom,
  publishTo: broadcast.publishTo ?? null,
  sendEmail: broadcast.sendEmail,
});

type GroupValues = Pick<
  BroadcastForm,
  | 'branchIds'
  | 'licenseClasses'
  | 'studentCategoryIds'
  | 'theoryCourseIds'
  | 'educationStatuses'
  | 'fastlane'
>;

/** The group as the contract takes it: only the lists that narrow it (empty = everyone). */
export function formToRecipientCount(form: GroupValues): Required<BroadcastRecipientCountRequest> {
  const numbers = (list: readonly string[]) => list.map(Number);
  const group: BroadcastRecipientCountRequest['recipientGroup'] = {};
  if (form.branchIds.length) group.branchIds = numbers(form.branchIds);
  if (form.licenseClasses.length) group.licenseClasses = [...form.licenseClasses];
  if (form.studentCategoryIds.length) group.studentCategoryIds = numbers(form.studentCategoryIds);
  if (form.theoryCourseIds.length) group.theoryCourseIds = numbers(form.theoryCourseIds);
  if (form.educationStatuses.length) group.educationStatuses = [...form.educationStatuses];
  return { recipientGroup: group, fastlane: form.fastlane };
}

/** The PUT replaces the whole broadcast, so every field is sent; an open end is left out. */
export function formToBroadcastInput(form: BroadcastForm): BroadcastInput {
  const input: BroadcastInput = {
    name: form.name.trim(),
    ...formToRecipientCount(form),
    subject: form.subject.trim(),
    body: toHtmlBody(form.body),
    publishFrom: form.publishFrom as string,
    sendEmail: form.sendEmail,
  };
  if (form.publishTo) input.publishTo = form.publishTo;
  return input;
}
