import { CODE_ALPHABET, CODE_LENGTH } from './constants';

/**
 * An 8-character benefit code from a CSPRNG (Web Crypto, present in Node and browsers), drawn from
 * CODE_ALPHABET, which leaves out the characters read aloud alike (O/0, I/1/L).
 * Rejection sampling keeps every character equally likely: 31^8 ≈ 8.5·10^11 codes.
 */
export function generateCode(): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let out = '';
  while (out.length < CODE_LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH * 2));
    for (const b of bytes) {
      if (b < limit) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
      if (out.length === CODE_LENGTH) break;
    }
  }
  return out;
}

/** A code as typed, made comparable: no surrounding or inner spaces, no hyphens, upper case. */
export function normalizeCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** The look-alikes a code may be read or typed with, and the one character each stands for. */
export const LOOK_ALIKES = { from: 'OIL', to: '011' } as const;

/**
 * The code's reading key: its typed form with O read as 0 and I, L as 1. Codes issued since the
 * alphabet dropped those characters are their own key; an older code and any way of reading it
 * aloud share one key (decision 57). The database indexes the same
 * translate() expression.
 */
export function codeReadKey(input: string): string {
  const typed = normalizeCode(input);
  let key = '';
  for (const c of typed) {
    const at = LOOK_ALIKES.from.indexOf(c);
    key += at === -1 ? c : LOOK_ALIKES.to[at];
  }
  return key;
}

/** A code shown in groups of four ('ABCD EFGH'), easier to read aloud at a counter. */
export function formatCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

export const CODE_PATTERN = /^[A-Z0-9]{8}$/;
