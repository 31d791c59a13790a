/**
 * Migrates once per run: every test file used to migrate a fresh database from scratch
 * (~5 s each on the 2-core machine, ~50 files). Here the migrations run once, into a PGlite whose data
 * folder is dumped to a file, or into a PostgreSQL template database; each file then starts from a
 * copy (test/support/app.ts; on PGlite each worker keeps one copy and resets it between files,
 * test/support/pglite-pool.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (tar), for PGlite runs. */
    pgliteDump: string | null;
    /** A migrated template database on TEST_DATABASE_URL's server, for PostgreSQL runs. */
    postgresTemplate: string | null;
    /**
     * The login role the PostgreSQL runs serve with (decision 378): TEST_DATABASE_URL's role owns and
     * migrates, the app's pool connects as this one, so the suite shows the app needs nothing more.
     */
    postgresServingRole: { user: string; password: string } | null;
  }
}

async function adminQuery(baseUrl: string, query: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const run = randomUUID().replace(/-/g, '').slice(0, 12);
    const template = `jobby_template_${run}`;
    const serving = { user: `jobby_test_app_${run}`, password: randomUUID() };
    await adminQuery(baseUrl, `CREATE DATABASE ${template}`);
    await adminQuery(baseUrl, `CREATE ROLE ${serving.user} LOGIN PASSWORD '${serving.password}'`);
    const url = new URL(baseUrl);
    url.pathname = `/${template}`;
    const servingUrl = new URL(url);
    servingUrl.username = serving.user;
    servingUrl.password = serving.password;
    // The template must have no open connection when a copy is made: the pool closes here. Its grants
    // to the serving role are copied with it.
    const database = await openDatabase({ url: servingUrl.toString(), poolSize: 1 });
    await migrateDatabase(database, { ownerUrl: url.toString() });
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('postgresServingRole', serving);
    project.provide('pgliteDump', null);
    return async () => {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      // Fails while a database a crashed file left behind still grants it something: left for a later clean-up.
      await adminQuery(baseUrl, `DROP ROLE IF EXISTS ${serving.user}`).catch((error: Error) => console.warn(`Rol de prueba ${serving.user} no borrado: ${error.message}`));
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'jobby-test-db-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ url: null, pgliteDir: null });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', null);
  project.provide('postgresServingRole', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
