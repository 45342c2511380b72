import type { UseQueryResult } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { clearListFilters, readListFilter } from '../list-filters';
import { type ListPage, type ListPaging, toSortOrder, useServerList } from './use-server-list';

type State = ListPaging & { search: string };
const initial: State = { search: '', page: 1, pageSize: 25, sort: { id: 'name', desc: false } };
const asked: unknown[] = [];
const toFilter = (state: State) => ({
  page: state.page - 1,
  size: state.pageSize,
  search: state.search,
});
function usePage(filter: unknown) {
  asked.push(filter);
  return {
    data: { data: [{ id: 1 }], total: 60 },
    isFetching: false,
    refetch: async () => undefined,
  } as unknown as UseQueryResult<ListPage<{ id: number }>>;
}

afterEach(() => {
  clearListFilters();
  asked.length = 0;
});

test('paging keeps the filter; a filter, sort or page-size change goes back to page 1', () => {
  const { result } = renderHook(() => useServerList({ key: 'branch', initial, toFilter, usePage }));
  act(() => result.current.table.onPageChange(3));
  expect(result.current.state.page).toBe(3);
  expect(asked.at(-1)).toEqual({ page: 2, size: 25, search: '' });

  act(() => result.current.update({ search: 'Mitte' }));
  expect(result.current.state).toMatchObject({ search: 'Mitte', page: 1 });

  act(() => result.current.table.onPageChange(2));
  act(() => result.current.table.onSortChange?.({ id: 'name', desc: true }));
  expect(result.current.state).toMatchObject({ page: 1, sort: { id: 'name', desc: true } });

  act(() => result.current.table.onPageChange(2));
  act(() => result.current.table.onPageSizeChange?.(50));
  expect(result.current.state).toMatchObject({ page: 1, pageSize: 50 });
  expect(result.current.table).toMatchObject({ data: [{ id: 1 }], total: 60 });
});

test('the filter is remembered under its key, and reset keeps what it is told to', () => {
  const { result, unmount } = renderHook(() =>
    useServerList({ key: 'branch', initial, toFilter, usePage }),
  );
  act(() => result.current.update({ search: 'Nord', pageSize: 50 }));
  expect(readListFilter<State>('branch')).toMatchObject({ search: 'Nord' });
  unmount();

  const again = renderHook(() => useServerList({ key: 'branch', initial, toFilter, usePage }));
  expect(again.result.current.state).toMatchObject({ search: 'Nord', pageSize: 50 });
  act(() => again.result.current.reset({ pageSize: again.result.current.state.pageSize }));
  expect(again.result.current.state).toEqual({ ...initial, pageSize: 50 });
});

test('without a key the filter lives with the screen only', () => {
  const { result } = renderHook(() => useServerList({ initial, toFilter, usePage }));
  act(() => result.current.update({ search: 'Süd' }));
  expect(result.current.state.search).toBe('Süd');
  expect(readListFilter('branch')).toBeNull();
});

test('a table sort becomes the filter body sort', () => {
  expect(toSortOrder({ id: 'name', desc: true })).toEqual([{ field: 'name', direction: 'desc' }]);
  expect(toSortOrder(null)).toBeUndefined();
});
