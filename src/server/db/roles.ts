/**
 * Two PostgreSQL roles (decision 378, docs/operations.md): the owner migrates and owns every table;
 * the serving role (DATABASE_URL's) reads and writes rows and nothing more. Only a table's owner may
 * alter it or disable its triggers, so the server cannot lift the ledger's append-only guard
 * (migration ledger_append_only); without DELETE, UPDATE and TRUNCATE on ledger_transfers it cannot
 * erase a transfer either, even where no trigger would fire.
 */
import PgBoss from 'pg-boss';
import type pg from 'pg';

/** pg-boss's schema: created and migrated by the owner, its rows read and written by the serving role. */
export const JOB_SCHEMA = 'pgboss';

/**
 * What the app never does to the ledger's transfers: they are inserted and read, never rewritten or
 * erased (a correction is a reversing transfer). UPDATE stays on one column only, because PostgreSQL
 * asks it of `SELECT … FOR UPDATE`: a grant is locked while it is reversed (ledger/service.ts,
 * decision 359); an UPDATE itself is still refused by the append-only trigger, which only the owner may
 * disable. `ledger_accounts` keeps UPDATE (balances) and DELETE (the empty accounts of an account
 * deleted before it had any history, users/levels.ts).
 */
const APPEND_ONLY_TABLES = [{ table: 'ledger_transfers', lockColumn: 'id' }] as const;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The role a connection logs in as. */
export async function currentRole(client: Pick<pg.ClientBase, 'query'>): Promise<string> {
  const { rows } = await client.query<{ role: string }>('select current_user as role');
  return rows[0].role;
}

/**
 * Installs or upgrades pg-boss's schema as the owner (pg-boss does it at its first start, which the
 * serving role may not: it cannot create a schema). Its queue function then runs with the owner's
 * rights, so the serving role's `createQueue` at start can add a queue's table, owned by the owner.
 */
export async function installJobSchema(ownerUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: JOB_SCHEMA, max: 1, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/**
 * Grants the serving role what the app needs on what the owner (this client's role) owns; idempotent,
 * run at every migration so a new table, sequence or function is covered. Nothing to do when one role
 * does both (development, PGlite).
 */
export async function grantServingRole(owner: pg.Client, servingRole: string): Promise<void> {
  const ownerRole = await currentRole(owner);
  if (ownerRole === servingRole) return;
  const app = quote(servingRole);
  const { rows } = await owner.query<{ name: string }>('select nspname as name from pg_namespace where nspname = any($1)', [['public', JOB_SCHEMA]]);
  const schemas = rows.map((row) => quote(row.name));
  const statements = [`grant usage on schema ${schemas.join(', ')} to ${app}`];
  for (const schema of schemas) {
    statements.push(
      `grant select, insert, update, delete on all tables in schema ${schema} to ${app}`,
      `grant usage, select on all sequences in schema ${schema} to ${app}`,
      `grant execute on all functions in schema ${schema} to ${app}`,
      // Tables, sequences and functions the owner creates later (a migration, a pg-boss queue).
      `alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${app}`,
      `alter default privileges in schema ${schema} grant usage, select on sequences to ${app}`,
      `alter default privileges in schema ${schema} grant execute on functions to ${app}`,
    );
  }
  for (const { table, lockColumn } of APPEND_ONLY_TABLES) {
    // The table-wide revoke takes the column's grant with it; it is given back at once.
    statements.push(
      `revoke update, delete, truncate, trigger, references on ${quote(table)} from ${app}`,
      `grant update (${quote(lockColumn)}) on ${quote(table)} to ${app}`,
    );
  }
  const createQueue = `${quote(JOB_SCHEMA)}.create_queue(text, json)`;
  const { rows: queueFunction } = await owner.query<{ found: boolean }>('select to_regprocedure($1) is not null as found', [createQueue]);
  if (queueFunction[0].found) {
    // A queue's table is created at the serving role's first createQueue; it must belong to the owner.
    statements.push(`alter function ${createQueue} security definer set search_path = pg_catalog, pg_temp`);
  }
  await owner.query('begin');
  try {
    for (const statement of statements) await owner.query(statement);
    await owner.query('commit');
  } catch (error) {
    await owner.query('rollback').catch(() => undefined);
    throw error;
  }
}
