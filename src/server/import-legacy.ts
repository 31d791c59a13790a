/**
 * `npm run import:legacy -- --database <export.json> [--auth <auth-users.json> --hash-config <hash.json>] [--dry-run]`
 * (decisions 156 and 157): imports a company from the earlier app into the database of the configuration
 * (DATABASE_URL, or the PGlite of DATA_DIR), migrating it first. The work is modules/legacy-import.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { firebaseHashConfig } from './accounts/firebase-password';
import { failureReason, formatReport } from './modules/legacy-import/index';
import { importLegacy, type FirebaseAuthUser } from './modules/legacy-import/index';
import { createMailTransport } from './modules/mail/index';
import { silentLogger } from './lib/log';

const USAGE = 'Uso: npm run import:legacy -- --database <exportación.json> [--auth <usuarios-auth.json> --hash-config <hash.json>] [--dry-run]';

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`No se pudo leer ${what} (${file}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: { database: { type: 'string' }, auth: { type: 'string' }, 'hash-config': { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  if (!values.database || Boolean(values.auth) !== Boolean(values['hash-config'])) {
    console.error(USAGE);
    return 2;
  }
  const exported = readJson(values.database, 'la exportación de la base de datos');
  let authUsers: FirebaseAuthUser[] | null = null;
  let hashConfig = null;
  if (values.auth && values['hash-config']) {
    const auth = readJson(values.auth, 'la exportación de usuarios de Firebase Auth') as { users?: FirebaseAuthUser[] };
    authUsers = Array.isArray(auth.users) ? auth.users : [];
    const parsed = firebaseHashConfig.safeParse(readJson(values['hash-config'], 'los parámetros de hash'));
    if (!parsed.success) {
      console.error(`Los parámetros de hash no son válidos: ${parsed.error.issues[0].path.join('.')} ${parsed.error.issues[0].message}`);
      return 2;
    }
    hashConfig = parsed.data;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite') });
  try {
    await migrateDatabase(database, { ownerUrl: config.databaseOwnerUrl });
    const started = Date.now();
    const report = await importLegacy(database.db, exported, {
      dryRun: values['dry-run'] ?? false,
      authUsers,
      hashConfig,
      config,
      mail: createMailTransport(database.db, { ...config, logLevel: 'silent' }, silentLogger),
    });
    console.log(formatReport(report));
    console.log(`\nDuración: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return report.ledger.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Never the failed statement's parameters: they hold other people's names and addresses.
    console.error(`La importación falló y no se guardó nada: ${failureReason(error)}`);
    process.exit(1);
  },
);
