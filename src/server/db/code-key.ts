import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LOOK_ALIKES } from '../../domain/code';

/**
 * The reading key of a code (src/domain/code.ts `codeReadKey`: O read as 0, I and L as 1) in SQL,
 * spelled exactly as the index benefit_codes_read_key_idx so the planner uses it: the characters
 * are literals, not parameters.
 */
export function codeReadKeySql(code: AnyPgColumn | SQL): SQL {
  return sql`translate(${code}, ${sql.raw(`'${LOOK_ALIKES.from}'`)}, ${sql.raw(`'${LOOK_ALIKES.to}'`)})`;
}
