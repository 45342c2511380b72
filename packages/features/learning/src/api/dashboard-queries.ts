import { asBinary, type components, toFormData, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
import { useMutation, useQuery } from '@tanstack/react-query';

export type LessonDashboard = components['schemas']['Dashboard'];
export type LessonDashboardInput = components['schemas']['DashboardInput'];
export type DashboardWidget = components['schemas']['DashboardWidget'];

/** The screen shows a failed read or upload itself: no global toast. */
const inline: FahrwerkMeta = { silentError: true };

/** The lesson dashboard: widgets (with their images inline) and the video link. */
export function useLessonDashboard() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/unterricht-dashboard', {}, { meta: inline }));
}

/** Saves the whole dashboard; widgets left out are deleted (with their images). */
export function useSaveLessonDashboard() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: LessonDashboardInput) => {
      const { data } = await fetch.PUT('/unterricht-dashboard', { body: input });
      return data as LessonDashboard;
    },
    onSuccess: () => invalidate('/unterricht-dashboard'),
  });
}

/** Replaces a saved widget's image (PNG or JPEG, at most 2 MB). */
export function useUploadWidgetImage() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ widgetId, file }: { widgetId: number; file: File }) => {
      const { data } = await fetch.POST('/unterricht-dashboard/img', {
        params: { query: { widgetId } },
        body: { file: asBinary(file) },
        bodySerializer: toFormData,
      });
      return data as DashboardWidget;
    },
    onSuccess: () => invalidate('/unterricht-dashboard'),
  });
}

/** The widget image limit of the contract. */
export const WIDGET_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
