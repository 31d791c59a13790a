/** An optional text as stored: trimmed, and NULL when blank, so "nothing" has one value, not two. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * Characters no text may carry into the database: NUL (U+0000; PostgreSQL refuses it in every `text`
 * and `jsonb`) and a lone UTF-16 surrogate (half of a pair, e.g. JSON's "\ud800": not Unicode, so
 * UTF-8 cannot encode it and `jsonb` refuses its escape — an idempotent answer echoing it could never
 * be stored). A well-formed pair (an emoji) is one character and passes.
 */
export type UnstorableCharacter = 'nul' | 'surrogate';

const LONE_SURROGATE = /\p{Surrogate}/u;

/** Which unstorable character `text` carries first (NUL checked first), or null. */
export function unstorableCharacterIn(text: string): UnstorableCharacter | null {
  if (text.includes('\u0000')) return 'nul';
  // With the `u` flag a paired surrogate is read as one code point, so only a lone half matches.
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/**
 * The dotted path of the first string (a value or a key) of `root` carrying an unstorable character,
 * and which, or null. Iterative: a deeply nested value cannot overflow the stack.
 */
export function findUnstorableText(root: unknown): { path: string; character: UnstorableCharacter } | null {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const character = unstorableCharacterIn(value);
      if (character) return { path, character };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const character = unstorableCharacterIn(key);
        if (character) return { path: childPath, character };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
