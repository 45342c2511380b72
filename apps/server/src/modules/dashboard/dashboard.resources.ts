import type { components } from '@fahrwerk/api/schema';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { dashboardSettings, dashboardWidgets } from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import type { OperationHandlers } from '../../http/operation-types';
import { guardWrite } from '../resources/database-errors';
import { fieldErrors, handlers, withoutNulls } from '../resources/kit';

type Schemas = components['schemas'];
type Dashboard = Schemas['Dashboard'];

/**
 * The lesson-view dashboard (`/unterricht-dashboard`): widgets and the video link, saved as a
 * whole. Widget images are stored files; their upload waits for the file storage (501).
 */
export function createDashboardHandlers(db: Db): OperationHandlers {
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
    return withoutNulls({
      widgets: widgets.map((row) =>
        withoutNulls({
          id: row.id,
          title: row.title,
          text: row.text,
          buttonTitle: row.buttonTitle,
          buttonUrl: row.buttonUrl,
          position: row.position,
        }),
      ),
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
          await tx
            .delete(dashboardWidgets)
            .where(
              and(
                eq(dashboardWidgets.drivingSchoolId, schoolId),
                keptIds.length > 0 ? notInArray(dashboardWidgets.id, keptIds) : undefined,
              ),
            );
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
  });
}
