import { type components, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { useMutation, useQuery } from '@tanstack/react-query';

export type EmailTemplate = components['schemas']['EmailTemplate'];
export type EmailTemplateInput = components['schemas']['EmailTemplateInput'];
export type EmailTemplateCategory = components['schemas']['EmailTemplateCategory'];

/** The templates, all (`GET /email-templates/`) or of one category (`GET /email-templates/{id}`). */
export function useEmailTemplates(categoryId: number | null) {
  const { query } = useApi();
  const all = useQuery(
    query.queryOptions('get', '/email-templates/', {}, { enabled: categoryId === null }),
  );
  const ofCategory = useQuery(
    query.queryOptions(
      'get',
      '/email-templates/{id}',
      { params: { path: { id: categoryId ?? 0 } } },
      { enabled: categoryId !== null },
    ),
  );
  return categoryId === null ? all : ofCategory;
}

/** Every template (for the number of templates per category). */
export function useAllEmailTemplates() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/email-templates/', {}));
}

export function useEmailTemplateCategories() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/email-template-categories/', {}));
}

/** The placeholders the server knows; they change only with a new server version. */
export function useEmailPlaceholders() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/email-templates/placeholders',
      {},
      { staleTime: Number.POSITIVE_INFINITY },
    ),
  );
}

/** Save (create or update) and delete a template; the form shows a failed save itself. */
export function useEmailTemplateMutations() {
  return useResourceMutations('/email-templates', {
    inline: ['create', 'update', 'save', 'delete'],
  });
}

/** The confirm dialog shows a refused delete (a category still in use) itself. */
const inline: FahrwerkMeta = { silentError: true };

/** Create and delete a category (its paths carry the spec's trailing slash). */
export function useEmailTemplateCategoryMutations() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  const refresh = () => invalidate('/email-template-categories', '/email-templates');
  const create = useMutation({
    meta: inline,
    mutationFn: async (name: string) =>
      (await fetch.POST('/email-template-categories/', { body: { name } }))
        .data as EmailTemplateCategory,
    onSuccess: refresh,
  });
  const remove = useMutation({
    meta: inline,
    mutationFn: async (id: number) => {
      await fetch.DELETE('/email-template-categories/{id}', { params: { path: { id } } });
    },
    onSuccess: refresh,
  });
  return { create, remove };
}
