import { type components, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
import { useMutation, useQuery } from '@tanstack/react-query';

export type ThemeLoopCategory = components['schemas']['ThemeLoopCategory'];
export type ThemeLoopSubcategory = components['schemas']['ThemeLoopSubcategory'];
export type StudentThemeLoopCategory = components['schemas']['StudentThemeLoopCategory'];
export type ThemeLoopDetails = components['schemas']['ThemeLoopDetails'];

/** The screen shows a failed read itself (error state with retry): no global toast. */
const inline: FahrwerkMeta = { silentError: true };

/** The catalogue: categories with their subcategories, question counts and detail links. */
export function useThemeLoopCatalogue() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/theme-loop/category-subcategory', {}, { meta: inline }),
  );
}

/** A student's categories (`basic` first, then one per active education) with progress. */
export function useStudentThemeLoop(studentId: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/theme-loop/{studentId}/student-category-subcategory',
      { params: { path: { studentId: studentId ?? 0 } } },
      { enabled: studentId !== null, meta: inline },
    ),
  );
}

/** A subcategory's questions for a class with the student's state and the detail link. */
export function useThemeLoopDetails(
  studentId: number,
  subCategoryOfficialNumber: string,
  licenceClass: string,
) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/theme-loop/{studentId}/{subCategoryOfficialNumber}/{licenceClass}/detailed',
      {
        params: {
          path: {
            studentId,
            subCategoryOfficialNumber,
            licenceClass: licenceClass as components['schemas']['LicenseClass'],
          },
        },
      },
      { meta: inline },
    ),
  );
}

/**
 * Sets a subcategory's detail URL; the body is the URL as plain text, not JSON. The dialog
 * shows a failure itself (422 `validation.url`). Refreshes the theme loop.
 */
export function useUpdateThemeLoopDetails() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: inline,
    mutationFn: async ({ subCategoryNumber, url }: { subCategoryNumber: string; url: string }) =>
      (
        await fetch.PUT('/theme-loop/{subCategoryNumber}/details', {
          params: { path: { subCategoryNumber } },
          body: url,
          bodySerializer: (body) => body,
          headers: { 'Content-Type': 'text/plain' },
        })
      ).data as ThemeLoopSubcategory,
    onSuccess: () => void invalidate('/theme-loop'),
  });
}
