import { CODE_ALPHABET, CODE_LENGTH } from './constants';

/**
 * An 8-character benefit code from a CSPRNG (Web Crypto, present in Node and browsers).
 * Rejection sampling keeps every character equally likely: 36^8 ≈ 2.8·10^12 codes.
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

export function normalizeCode(input: string): string {
  return input.trim().toUpperCase();
}

export const CODE_PATTERN = /^[A-Z0-9]{8}$/;
