import { useApi } from '@fahrwerk/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * Students found by name for a picker (`POST /students-filter/filter`, not archived, by last
 * and first name). The server answers only the students the caller may see, so an
 * instructor limited to their own students is offered only those.
 */
export function useStudentPicker(search: string, { enabled = true, size = 50 } = {}) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/students-filter/filter',
      {
        body: {
          page: 0,
          size,
          archived: false,
          sort: [
            { field: 'lastName', direction: 'asc' },
            { field: 'firstName', direction: 'asc' },
          ],
          ...(search.trim() ? { search: search.trim() } : {}),
        },
      },
      { enabled, placeholderData: keepPreviousData, select: (page) => page.data },
    ),
  );
}

/**
 * A student's educations (`GET /student-educations/student/{studentId}`); none is asked for
 * while `studentId` is null. `activeOnly` leaves the archived ones out.
 */
export function useStudentEducations(studentId: number | null, { activeOnly = false } = {}) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/student-educations/student/{studentId}',
      { params: { path: { studentId: studentId ?? 0 } } },
      {
        enabled: studentId !== null,
        ...(activeOnly
          ? { select: (educations) => educations.filter((education) => !education.archived) }
          : {}),
      },
    ),
  );
}
