/**
 * The harness's promise (decision 168): every test file starts from the migrated database, whatever
 * the file before it wrote. On PGlite the second context below gets the first one's database back,
 * reset; on PostgreSQL it is another copy of the template. Either way it must look untouched.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';
import { createCompany, createTestContext, createUser, type TestContext } from '../support/app';
import { createPlatformBenefit, fund } from './economy/ledger-fixtures';

/** Every table's row count, every sequence's position and the schemas: what a file could observe. */
async function state(db: Db) {
  const tables = await queryRows<{ name: string }>(db, sql`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${name}`));
    counts[name] = row.n;
  }
  const sequences = await queryRows(db, sql`SELECT schemaname, sequencename, last_value::text FROM pg_sequences ORDER BY 1, 2`);
  const schemas = await queryRows(db, sql`SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' ORDER BY 1`);
  return { counts, sequences, schemas };
}

describe('a test file starts from the migrated database', () => {
  let ctx: TestContext | null = null;
  afterAll(async () => {
    await ctx?.close();
  });

  it('sees nothing of what an earlier file wrote, and the migrations\' own rows as they were', async () => {
    ctx = await createTestContext();
    // The owner's view: the serving role does not read the migrations' own table (decision 378).
    const fresh = await state(ctx.owner);
    const zone = async () => (await queryRows<{ TimeZone: string }>(ctx!.db, sql`SHOW TIME ZONE`))[0].TimeZone;
    // The server's own default ('UTC' on PGlite, 'Etc/UTC' on Debian's PostgreSQL).
    const defaultZone = await zone();
    expect(defaultZone).not.toBe('America/Santiago');
    expect(Object.values(fresh.counts).some((n) => n > 0)).toBe(true);

    const companyId = await createCompany(ctx.db, 'Escritora SpA');
    const userId = await createUser(ctx.db, { email: 'ana@escritora.cl', companyId });
    await fund(ctx.db, { userId, companyId }, 'jobby', 500);
    await createPlatformBenefit(ctx.db, { title: 'Cine' });
    await ctx.owner.execute(sql`CREATE SCHEMA scratch`);
    await ctx.owner.execute(sql`CREATE TABLE scratch.notes (id serial PRIMARY KEY, body text)`);
    await ctx.owner.execute(sql`INSERT INTO scratch.notes (body) VALUES ('hola')`);
    await ctx.db.execute(sql`SET TIME ZONE 'America/Santiago'`);
    expect(await state(ctx.owner)).not.toEqual(fresh);
    await ctx.close();

    ctx = await createTestContext();
    expect(await state(ctx.owner)).toEqual(fresh);
    expect(await zone()).toBe(defaultZone);
  });
});
