/** One page of a list, as every paged route of the API answers it. */
export type Paged<T> = { items: T[]; total: number };

/** What a paged screen asks for: an optional search, the page (from 1) and its size. */
export type PageParams = { search?: string; page: number; pageSize: number };

/** The API's `search`, `limit` and `offset` for a page. */
export function pageQuery({ search, page, pageSize }: PageParams) {
  return { search: search?.trim(), limit: pageSize, offset: (page - 1) * pageSize };
}
