/** An optional text as stored: trimmed, and NULL when blank, so "nothing" has one value, not two. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
