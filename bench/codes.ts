/**
 * Deterministic benefit codes: the n-th seeded code is derived from n, so the seeder (in SQL) and
 * the load generator (in TypeScript) agree on every code without passing a million strings around.
 *
 * code(n) = base-36 of (n × STRIDE mod 36^8), left-padded to 8 characters. STRIDE is coprime with
 * 36^8 = 2^16·3^16 (odd, not a multiple of 3), so n ↦ code is a bijection: codes are unique.
 * STRIDE ≈ 36^8 × 0.618 (the golden ratio's fraction, a Weyl sequence) scatters consecutive codes
 * over the whole key space, so the codes a phase verifies one after another land on unrelated
 * B-tree pages, as real CSPRNG codes would; a small stride would walk neighbouring leaf pages and
 * flatter the 1,000,000-code figure. n × STRIDE stays below 2^63 for n < 5,000,000 (SQL bigint).
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LENGTH = 8;
const SPACE = 36n ** BigInt(LENGTH);
const STRIDE = 1_743_541_808_807n;

export function benchCode(n: number): string {
  let value = (BigInt(n) * STRIDE) % SPACE;
  let out = '';
  for (let i = 0; i < LENGTH; i++) {
    out = ALPHABET[Number(value % 36n)] + out;
    value /= 36n;
  }
  return out;
}

/** The same function as a SQL expression over the bigint expression `n` (e.g. a generate_series column). */
export function benchCodeSql(n: string): string {
  const value = `((${n})::bigint * ${STRIDE} % ${SPACE})`;
  const digits: string[] = [];
  for (let position = LENGTH - 1; position >= 0; position--) {
    const weight = 36n ** BigInt(position);
    digits.push(`substr('${ALPHABET}', (${value} / ${weight} % 36)::int + 1, 1)`);
  }
  return digits.join(' || ');
}

/**
 * Hands out codes n = from, from + step, … (below `end`) once each: every verification uses a
 * distinct, still active code. A step spreads the codes a phase uses over the whole table: rows are
 * stored in n order, so consecutive n would share heap pages that stay cached after the first hit.
 */
export class CodePool {
  private next: number;
  constructor(
    from: number,
    private readonly end: number,
    private readonly step = 1,
  ) {
    this.next = from;
  }
  take(): string {
    if (this.next >= this.end) throw new Error(`code pool exhausted at ${this.end}: a phase asked for more codes than were seeded`);
    const code = benchCode(this.next);
    this.next += this.step;
    return code;
  }
}
