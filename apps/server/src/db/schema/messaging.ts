import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import {
  createdAt,
  id,
  oneOf,
  ref,
  schoolId,
  tenantForeignKey,
  tenantIndex,
  tenantKey,
  updatedAt,
} from './columns';
import { belongsToSchool, users } from './core';
import { students } from './people';

/*
 * Messaging (beyond the spec's calls): messages to students shown in the learning app, their
 * templates, and the automatic messages — one rule per event and school, and a log with one
 * row per event occurrence (its unique key is what makes an automatic message go out once,
 * however many scanners run).
 */

export const AUTOMATIC_MESSAGE_EVENTS = [
  'REGISTRATION_RECEIVED',
  'LESSON_BOOKED',
  'LESSON_CANCELLED',
  'EXAM_BOOKED',
  'INVOICE_ISSUED',
  'DEBIT_FAILED',
  'BIRTHDAY',
] as const;
export type AutomaticMessageEvent = (typeof AUTOMATIC_MESSAGE_EVENTS)[number];
export const AUTOMATIC_MESSAGE_CHANNELS = ['MESSAGE', 'EMAIL', 'BOTH'] as const;
export const AUTOMATIC_MESSAGE_STATUSES = ['SENT', 'FAILED', 'SKIPPED'] as const;

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('message_templates_driving_school_fk', t),
    ...tenantKey('message_templates', t),
    tenantIndex('message_templates_name_idx', t, t.name),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    studentId: ref('student_id').notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    sentByUserId: ref('sent_by_user_id'),
    messageTemplateId: ref('message_template_id'),
    /** Set when an automatic message sent it. */
    event: text({ enum: AUTOMATIC_MESSAGE_EVENTS }),
  },
  (t) => [
    belongsToSchool('messages_driving_school_fk', t),
    ...tenantKey('messages', t),
    tenantForeignKey('messages_student_fk', [t.drivingSchoolId, t.studentId], students).onDelete(
      'cascade',
    ),
    tenantForeignKey('messages_sent_by_fk', [t.drivingSchoolId, t.sentByUserId], users),
    oneOf('messages_event_check', t.event, AUTOMATIC_MESSAGE_EVENTS),
    tenantIndex('messages_student_idx', t, t.studentId, t.sentAt),
    tenantIndex('messages_sent_at_idx', t, t.sentAt),
  ],
);

export const automaticMessageRules = pgTable(
  'automatic_message_rules',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    event: text({ enum: AUTOMATIC_MESSAGE_EVENTS }).notNull(),
    enabled: boolean().notNull().default(false),
    channel: text({ enum: AUTOMATIC_MESSAGE_CHANNELS }).notNull().default('MESSAGE'),
    messageTemplateId: ref('message_template_id'),
    /** Events from this moment on are sent (set when switched on). */
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('automatic_message_rules_driving_school_fk', t),
    ...tenantKey('automatic_message_rules', t),
    unique('automatic_message_rules_event_key').on(t.drivingSchoolId, t.event),
    tenantForeignKey(
      'automatic_message_rules_template_fk',
      [t.drivingSchoolId, t.messageTemplateId],
      messageTemplates,
    ),
    oneOf('automatic_message_rules_event_check', t.event, AUTOMATIC_MESSAGE_EVENTS),
    oneOf('automatic_message_rules_channel_check', t.channel, AUTOMATIC_MESSAGE_CHANNELS),
    check(
      'automatic_message_rules_enabled_check',
      sql`not ${t.enabled} or (${t.messageTemplateId} is not null and ${t.enabledAt} is not null)`,
    ),
    index('automatic_message_rules_enabled_idx').on(t.event).where(sql`${t.enabled}`),
  ],
);

export const automaticMessageLog = pgTable(
  'automatic_message_log',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    event: text({ enum: AUTOMATIC_MESSAGE_EVENTS }).notNull(),
    /** What happened, e.g. `appointment:42`, `birthday:2026:17`: sent for once. */
    refKey: text('ref_key').notNull(),
    channel: text({ enum: AUTOMATIC_MESSAGE_CHANNELS }).notNull(),
    status: text({ enum: AUTOMATIC_MESSAGE_STATUSES }).notNull(),
    studentId: ref('student_id'),
    recipient: text().notNull(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('automatic_message_log_driving_school_fk', t),
    ...tenantKey('automatic_message_log', t),
    unique('automatic_message_log_ref_key').on(t.drivingSchoolId, t.event, t.refKey),
    tenantForeignKey(
      'automatic_message_log_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('set null'),
    oneOf('automatic_message_log_event_check', t.event, AUTOMATIC_MESSAGE_EVENTS),
    oneOf('automatic_message_log_status_check', t.status, AUTOMATIC_MESSAGE_STATUSES),
    tenantIndex('automatic_message_log_created_idx', t, t.createdAt),
  ],
);

/**
 * Deleted future driving lessons, kept for the LESSON_CANCELLED message (a deleted row
 * cannot be found by the scanner): written by the trigger `appointments_cancelled_lesson`
 * (migration 0017) on every delete, however it happens (one lesson, a series, the driving
 * lesson call), read by the scanner.
 */
export const cancelledLessons = pgTable(
  'cancelled_lessons',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    appointmentId: ref('appointment_id').notNull(),
    studentId: ref('student_id').notNull(),
    date: text().notNull(),
    startTime: text('start_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('cancelled_lessons_driving_school_fk', t),
    ...tenantKey('cancelled_lessons', t),
    tenantIndex('cancelled_lessons_created_idx', t, t.createdAt),
  ],
);
