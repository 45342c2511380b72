import { z } from 'zod';
import type { MessageInput } from '../api/messaging-queries';
import { messageTextSchema, subjectSchema } from './message-text';

/** A chosen student: the id sent, the name shown. */
export const chosenStudentSchema = z.object({ id: z.number(), name: z.string() });
export type ChosenStudent = z.infer<typeof chosenStudentSchema>;

export const sendMessageFormSchema = z.object({
  students: z
    .array(chosenStudentSchema)
    .min(1, 'validation.students')
    .max(500, 'validation.tooManyStudents'),
  messageTemplateId: z.number().nullable(),
  subject: subjectSchema,
  text: messageTextSchema,
});

export type SendMessageForm = z.input<typeof sendMessageFormSchema>;

/** The server names the students `studentIds`; the form keeps them with their names. */
export const SEND_MESSAGE_SERVER_FIELDS = { studentIds: 'students' } as const;

export const emptySendMessageForm = (students: ChosenStudent[] = []): SendMessageForm => ({
  students,
  messageTemplateId: null,
  subject: '',
  text: '',
});

export const formToMessageInput = (form: z.output<typeof sendMessageFormSchema>): MessageInput => ({
  studentIds: form.students.map((student) => student.id),
  subject: form.subject,
  text: form.text,
  ...(form.messageTemplateId !== null ? { messageTemplateId: form.messageTemplateId } : {}),
});
