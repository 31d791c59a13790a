/** A search box's text as an ILIKE pattern that matches it literally anywhere (`%` and `_` are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
