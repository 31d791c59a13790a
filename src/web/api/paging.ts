/** What a paged screen asks for: an optional search, the page (from 1) and its size. */
export type PageParams = { search?: string; page: number; pageSize: number };

/** The API's `search`, `limit` and `offset` for a page, as text: the query string's schema reads digits (src/domain/schemas/fields.ts). */
export function pageQuery({ search, page, pageSize }: PageParams) {
  return { search: search?.trim(), limit: String(pageSize), offset: String((page - 1) * pageSize) };
}
