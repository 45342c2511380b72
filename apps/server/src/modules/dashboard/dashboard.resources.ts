import type { components } from '@fahrwerk/api/schema';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { dashboardSettings, dashboardWidgets } from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { IMAGE_TYPES, uploadedFile } from '../../http/uploads';
import type { Services } from '../handlers';
import { guardWrite } from '../resources/database-errors';
import { fieldErrors, handlers, withoutNulls } from '../resources/kit';

type Schemas = components['schemas'];
type Dashboard = Schemas['Dashboard'];

/** The contract's limit for a widget image (before base64). */
export const WIDGET_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The lesson-view dashboard (`/unterricht-dashboard`): widgets and the video link, saved as a
 * whole. A widget's image is a stored file (PNG or JPEG, at most 2 MB) answered inline as a
 * data URL, so the projector view needs one call; a new image replaces the old one in one
 * transaction, and a widget left out of a save takes its image along.
 */
export function createDashboardHandlers({
  db,
  files,
}: Pick<Services, 'db' | 'files'>): OperationHandlers {
  async function imageOf(schoolId: number, fileId: number | null): Promise<string | undefined> {
    if (fileId === null) return undefined;
    const { row, bytes } = await files.read(db, schoolId, fileId);
    return `data:${row.mimeType};base64,${bytes.toString('base64')}`;
  }

  function widgetOf(row: typeof dashboardWidgets.$inferSelect, image: string | undefined) {
    return withoutNulls({
      id: row.id,
      title: row.title,
      text: row.text,
      buttonTitle: row.buttonTitle,
      buttonUrl: row.buttonUrl,
      position: row.position,
      image,
    }) as Schemas['DashboardWidget'];
  }

  async function load(auth: AuthContext): Promise<Dashboard> {
    const [widgets, settings] = await Promise.all([
      db
        .select()
        .from(dashboardWidgets)
        .where(eq(dashboardWidgets.drivingSchoolId, auth.drivingSchoolId))
        .orderBy(asc(dashboardWidgets.position), asc(dashboardWidgets.id))
        .limit(24),
      db
        .select({ youtubeLink: dashboardSettings.youtubeLink })
        .from(dashboardSettings)
        .where(eq(dashboardSettings.drivingSchoolId, auth.drivingSchoolId)),
    ]);
    const images = await Promise.all(
      widgets.map((row) => imageOf(auth.drivingSchoolId, row.imageFileId)),
    );
    return withoutNulls({
      widgets: widgets.map((row, index) => widgetOf(row, images[index])),
      youtubeLink: settings[0]?.youtubeLink,
    }) as Dashboard;
  }

  return handlers({
    async getDashboard(request) {
      const auth = requireAuth(request);
      return { status: 200, body: await load(auth) };
    },

    async getDashboardYoutubeLink(request) {
      const auth = requireAuth(request);
      const { youtubeLink } = await load(auth);
      return { status: 200, body: withoutNulls({ url: youtubeLink }) };
    },

    /** Widgets with an id change, without one are created, left out are deleted. */
    async updateDashboard(request) {
      const auth = requireAuth(request);
      const body = request.body as Schemas['DashboardInput'];
      const schoolId = auth.drivingSchoolId;
      const keptIds = body.widgets.flatMap((widget) =>
        widget.id === undefined ? [] : [widget.id],
      );
      if (keptIds.length > 0) {
        const known = await db
          .select({ id: dashboardWidgets.id })
          .from(dashboardWidgets)
          .where(
            and(
              eq(dashboardWidgets.drivingSchoolId, schoolId),
              inArray(dashboardWidgets.id, keptIds),
            ),
          );
        if (known.length !== new Set(keptIds).size) {
          throw fieldErrors(
            [{ field: 'widgets', error: 'validation.unknown_id' }],
            'A widget id is not a widget of your school.',
          );
        }
      }
      await guardWrite(() =>
        db.transaction(async (tx) => {
          const removed = await tx
            .delete(dashboardWidgets)
            .where(
              and(
                eq(dashboardWidgets.drivingSchoolId, schoolId),
                keptIds.length > 0 ? notInArray(dashboardWidgets.id, keptIds) : undefined,
              ),
            )
            .returning({ imageFileId: dashboardWidgets.imageFileId });
          for (const { imageFileId } of removed) {
            if (imageFileId !== null) await files.remove(tx, schoolId, imageFileId);
          }
          for (const widget of body.widgets) {
            const values = {
              title: widget.title,
              text: widget.text ?? null,
              buttonTitle: widget.buttonTitle ?? null,
              buttonUrl: widget.buttonUrl ?? null,
              position: widget.position,
            };
            if (widget.id === undefined) {
              await tx.insert(dashboardWidgets).values({ ...values, drivingSchoolId: schoolId });
            } else {
              await tx
                .update(dashboardWidgets)
                .set(values)
                .where(
                  and(
                    eq(dashboardWidgets.drivingSchoolId, schoolId),
                    eq(dashboardWidgets.id, widget.id),
                  ),
                );
            }
          }
          await tx
            .insert(dashboardSettings)
            .values({ drivingSchoolId: schoolId, youtubeLink: body.youtubeLink ?? null })
            .onConflictDoUpdate({
              target: dashboardSettings.drivingSchoolId,
              set: { youtubeLink: body.youtubeLink ?? null, updatedAt: new Date() },
            });
        }),
      );
      return { status: 200, body: await load(auth) };
    },

    async uploadDashboardWidgetImage(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const widgetId = request.query.widgetId;
      const upload = uploadedFile(request as never, 'file', {
        types: IMAGE_TYPES,
        maxBytes: WIDGET_IMAGE_MAX_BYTES,
      });
      const widget = await db.transaction(async (tx) => {
        const t: Db = tx;
        const [current] = await t
          .select()
          .from(dashboardWidgets)
          .where(
            and(eq(dashboardWidgets.drivingSchoolId, schoolId), eq(dashboardWidgets.id, widgetId)),
          )
          .for('update');
        if (!current) throw notFound('No such widget of your school.');
        const stored = await files.save(t, schoolId, upload);
        const [updated] = await t
          .update(dashboardWidgets)
          .set({ imageFileId: stored.id, updatedAt: new Date() })
          .where(
            and(eq(dashboardWidgets.drivingSchoolId, schoolId), eq(dashboardWidgets.id, widgetId)),
          )
          .returning();
        if (current.imageFileId !== null) await files.remove(t, schoolId, current.imageFileId);
        return updated ?? current;
      });
      return {
        status: 200,
        body: widgetOf(widget, `data:${upload.mimeType};base64,${upload.bytes.toString('base64')}`),
      };
    },
  });
}
