import { z } from 'zod';

/** `page` ≥ 1 and `per_page` 1 to 100 (DESIGN 5); a list states its own default. */
export function paginationInput(defaultPerPage: number) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(defaultPerPage),
  });
}

export type PageRequest = { page: number; per_page: number };

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  last_page: z.number().int(),
  path: z.string(),
  per_page: z.number().int(),
  to: z.number().int().nullable(),
  total: z.number().int(),
});

export const pageLinksSchema = z.object({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

/** The Laravel-shaped page that the spec's clients expect. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema, links: pageLinksSchema });
}

export function pageOffset({ page, per_page }: PageRequest): number {
  return (page - 1) * per_page;
}

/**
 * Builds `{data, meta, links}`. `url` is the request's URL: links keep its other query
 * parameters (the filters) and change only `page`.
 */
export function paginate<T>(rows: T[], total: number, page: PageRequest, url: URL) {
  const lastPage = Math.max(1, Math.ceil(total / page.per_page));
  const path = `${url.origin}${url.pathname}`;
  const link = (n: number) => {
    const params = new URLSearchParams(url.searchParams);
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  const from = rows.length > 0 ? pageOffset(page) + 1 : null;
  return {
    data: rows,
    meta: {
      current_page: page.page,
      from,
      last_page: lastPage,
      path,
      per_page: page.per_page,
      to: from === null ? null : from + rows.length - 1,
      total,
    },
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page.page > 1 ? link(Math.min(page.page - 1, lastPage)) : null,
      next: page.page < lastPage ? link(page.page + 1) : null,
    },
  };
}
