import type { components } from '@fahrwerk/api/schema';
import { and, eq, getTableColumns, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  branches,
  broadcasts,
  broadcastTemplates,
  studentCategories,
  theoryCourses,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { sanitizeMailHtml } from '../../mail/mail-html';
import type { Services } from '../handlers';
import { berlinToday, mergeHandlers, withoutNulls } from '../resources/kit';
import { createResourceHandlers } from '../resources/resource-handlers';
import {
  BROADCAST_SEND_JOB,
  cancelPending,
  countRecipients,
  deliverySql,
  freezeRecipients,
  recipientsOf,
} from './broadcast-delivery';

/*
 * Broadcasts (spec 001 §4): CREATED (editable) → prepare → PREPARED → publish → PUBLISHED
 * (irreversible) → FINISHED, or EXPIRED at once by stop. Broadcast templates are plain texts.
 */

type Broadcast = components['schemas']['Broadcast'];
type BroadcastTemplate = components['schemas']['BroadcastTemplate'];
type BroadcastRow = typeof broadcasts.$inferSelect;
type Group = NonNullable<Broadcast['recipientGroup']>;

export const toBroadcastDto = (row: BroadcastRow): Broadcast => withoutNulls(row);

const EDITABLE = new Set<string>(['CREATED', 'PREPARED']);

/** Ids of a recipient group that are not rows of the school answer 422 `validation.not_found`. */
async function checkGroup(db: Db, schoolId: number, group: Group | undefined) {
  const lists: [keyof Group, { id: AnyPgColumn; drivingSchoolId: AnyPgColumn }, number[]][] = [
    ['branchIds', branches, group?.branchIds ?? []],
    ['studentCategoryIds', studentCategories, group?.studentCategoryIds ?? []],
    ['theoryCourseIds', theoryCourses, group?.theoryCourseIds ?? []],
  ];
  for (const [field, table, ids] of lists) {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) continue;
    const found = await db
      .select({ id: table.id })
      // The three tables differ in type but all have the two columns read here.
      .from(table as never)
      .where(and(eq(table.drivingSchoolId, schoolId), inArray(table.id, wanted)));
    if (found.length !== wanted.length) {
      throw fieldError(
        `recipientGroup.${field}`,
        'validation.not_found',
        `Not every id of ${field} is a row of your school.`,
      );
    }
  }
}

const broadcastFromInput = (input: Record<string, unknown>) => ({
  name: input.name,
  recipientGroup: input.recipientGroup ?? {},
  fastlane: input.fastlane ?? false,
  subject: input.subject,
  // Stored sanitised: it is shown in the learning app and sent as e-mail.
  body: sanitizeMailHtml(String(input.body ?? '')),
  publishFrom: input.publishFrom,
  publishTo: input.publishTo ?? null,
  sendEmail: input.sendEmail ?? false,
});

const published = () =>
  globalError(
    'errors.broadcast_published',
    'Only broadcasts that were never published can change.',
  );
const invalidTransition = (message: string) =>
  globalError('errors.invalid_status_transition', message);

export function createBroadcastHandlers(services: Services): OperationHandlers {
  const { db } = services;
  const generic = createResourceHandlers(db, {
    table: broadcasts,
    // With the progress of its e-mails (see broadcast-delivery.ts).
    computed: { delivery: deliverySql },
    operations: {
      get: 'getBroadcast',
      filter: 'filterBroadcasts',
      list: 'listBroadcasts',
      page: 'pageBroadcasts',
      create: 'createBroadcast',
      update: 'updateBroadcast',
      delete: 'deleteBroadcast',
      archive: 'archiveBroadcast',
    },
    toDto: toBroadcastDto,
    fromInput: broadcastFromInput,
    searchColumns: [broadcasts.name, broadcasts.subject],
    sortColumns: {
      id: broadcasts.id,
      name: broadcasts.name,
      state: broadcasts.state,
      publishFrom: broadcasts.publishFrom,
      publishTo: broadcasts.publishTo,
      createdAt: broadcasts.createdAt,
    },
    defaultSort: [{ field: 'id', direction: 'desc' }],
    filters: (body) => {
      const filter = body as {
        states?: string[];
        publishFrom?: string;
        publishTo?: string;
      };
      const conditions: (SQL | undefined)[] = [];
      if (filter.states?.length) {
        conditions.push(inArray(broadcasts.state, filter.states as BroadcastRow['state'][]));
      }
      // Still shown on or after `publishFrom`; shown from `publishTo` at the latest.
      if (filter.publishFrom) {
        conditions.push(
          or(isNull(broadcasts.publishTo), gte(broadcasts.publishTo, filter.publishFrom)),
        );
      }
      if (filter.publishTo) conditions.push(lte(broadcasts.publishFrom, filter.publishTo));
      return conditions;
    },
    constraints: {
      broadcasts_publish_period_check: { field: 'publishTo', error: 'validation.invalid' },
    },
    rules: {
      async beforeCreate({ auth, values }) {
        await checkGroup(db, auth.drivingSchoolId, values?.recipientGroup as Group);
      },
      async beforeUpdate({ auth, current, values }) {
        if (!current || !EDITABLE.has(current.state)) throw published();
        await checkGroup(db, auth.drivingSchoolId, values?.recipientGroup as Group);
        // An edit takes a prepared broadcast back to CREATED: its recipients must be
        // resolved again.
        if (values) Object.assign(values, { state: 'CREATED', recipientCount: null });
      },
      async beforeDelete({ current }) {
        if (!current || !EDITABLE.has(current.state)) throw published();
      },
      async beforeArchive({ auth, current, archived }) {
        // Archiving a published broadcast stops it first; unarchiving never reactivates.
        if (archived && current?.state === 'PUBLISHED') {
          await cancelPending(db, auth.drivingSchoolId, current.id);
          await db
            .update(broadcasts)
            .set({ state: 'EXPIRED', stoppedAt: new Date() })
            .where(
              and(
                eq(broadcasts.drivingSchoolId, auth.drivingSchoolId),
                eq(broadcasts.id, current.id),
              ),
            );
        }
      },
    },
  });

  /** A state change that applies only from `from`; answers the changed row. */
  async function transition(
    schoolId: number,
    id: number,
    check: (row: BroadcastRow) => string | null,
    values: Partial<typeof broadcasts.$inferInsert>,
  ): Promise<Broadcast> {
    const byId = and(eq(broadcasts.drivingSchoolId, schoolId), eq(broadcasts.id, id));
    const [current] = await db.select().from(broadcasts).where(byId);
    if (!current) throw notFound();
    const refusal = check(current);
    if (refusal) throw invalidTransition(refusal);
    // The state in the WHERE makes a concurrent transition lose instead of both applying.
    const [row] = await db
      .update(broadcasts)
      .set(values)
      .where(and(byId, eq(broadcasts.state, current.state)))
      .returning();
    if (!row) throw invalidTransition('The broadcast changed meanwhile.');
    return read(schoolId, id);
  }

  /** A broadcast as answered, with its delivery. */
  async function read(schoolId: number, id: number): Promise<Broadcast> {
    const [row] = await db
      .select({ ...getTableColumns(broadcasts), delivery: deliverySql })
      .from(broadcasts)
      .where(and(eq(broadcasts.drivingSchoolId, schoolId), eq(broadcasts.id, id)));
    if (!row) throw notFound();
    return toBroadcastDto(row as BroadcastRow);
  }

  const handlers: OperationHandlers = {
    async publishBroadcast(request) {
      const auth = requireAuth(request);
      const today = berlinToday();
      const body = await transition(
        auth.drivingSchoolId,
        request.params.id,
        (row) => {
          if (row.state !== 'PREPARED') return 'Only a prepared broadcast can be published.';
          if (row.archived) return 'An archived broadcast cannot be published.';
          if (row.publishTo !== null && row.publishTo < today) return 'publishTo has passed.';
          return null;
        },
        { state: 'PUBLISHED', publishedAt: new Date() },
      );
      // The e-mails of a broadcast published for today go out now; later ones on their day
      // (the scheduler in broadcast-delivery.ts).
      if (body.sendEmail && body.publishFrom <= today) {
        await services.jobs.send(BROADCAST_SEND_JOB, {
          drivingSchoolId: auth.drivingSchoolId,
          broadcastId: body.id,
        });
      }
      return { status: 200, body };
    },

    async stopBroadcast(request) {
      const auth = requireAuth(request);
      const body = await transition(
        auth.drivingSchoolId,
        request.params.id,
        (row) => (row.state === 'PUBLISHED' ? null : 'Only a published broadcast can be stopped.'),
        { state: 'EXPIRED', stoppedAt: new Date() },
      );
      // Stopping ends the publication at once: what is not sent yet stays unsent.
      await cancelPending(db, auth.drivingSchoolId, body.id);
      return { status: 200, body: await read(auth.drivingSchoolId, body.id) };
    },

    async countBroadcastRecipients(request) {
      const auth = requireAuth(request);
      const { recipientGroup, fastlane } = request.body;
      await checkGroup(db, auth.drivingSchoolId, recipientGroup);
      const count = await countRecipients(
        db,
        auth.drivingSchoolId,
        recipientGroup,
        fastlane ?? false,
      );
      return { status: 200, body: { count } };
    },

    async prepareBroadcast(request) {
      const auth = requireAuth(request);
      const id = request.params.id;
      await db.transaction(async (tx) => {
        const byId = and(
          eq(broadcasts.drivingSchoolId, auth.drivingSchoolId),
          eq(broadcasts.id, id),
        );
        // Row lock: a concurrent edit or publish waits for the recipients to be frozen.
        const [current] = await tx.select().from(broadcasts).where(byId).for('update');
        if (!current) throw notFound();
        if (!EDITABLE.has(current.state) || current.archived) {
          throw invalidTransition('Only a created or prepared broadcast can be prepared.');
        }
        const recipientCount = await freezeRecipients(
          tx as unknown as Db,
          auth.drivingSchoolId,
          current,
        );
        await tx.update(broadcasts).set({ state: 'PREPARED', recipientCount }).where(byId);
      });
      return { status: 200, body: await read(auth.drivingSchoolId, id) };
    },

    async listBroadcastRecipients(request) {
      const auth = requireAuth(request);
      await read(auth.drivingSchoolId, request.params.id);
      return {
        status: 200,
        body: await recipientsOf(db, auth.drivingSchoolId, request.params.id),
      };
    },
  };

  return mergeHandlers(generic, handlers, createBroadcastTemplateHandlers(db));
}

export const toBroadcastTemplateDto = (
  row: typeof broadcastTemplates.$inferSelect,
): BroadcastTemplate => withoutNulls(row);

function createBroadcastTemplateHandlers(db: Db): OperationHandlers {
  return createResourceHandlers(db, {
    table: broadcastTemplates,
    operations: {
      get: 'getBroadcastTemplate',
      list: 'listBroadcastTemplates',
      create: 'createBroadcastTemplate',
      update: 'updateBroadcastTemplate',
      delete: 'deleteBroadcastTemplate',
    },
    toDto: toBroadcastTemplateDto,
    fromInput: (input) => ({
      name: input.name,
      subject: input.subject,
      body: sanitizeMailHtml(String(input.body ?? '')),
    }),
    searchColumns: [broadcastTemplates.name, broadcastTemplates.subject],
    sortColumns: { id: broadcastTemplates.id, name: broadcastTemplates.name },
    defaultSort: [{ field: 'name' }],
  });
}
