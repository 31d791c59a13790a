/**
 * Starts Jobby: reads the configuration, opens and migrates the database, seeds demo data into an
 * empty one, and serves the API and the built web app.
 *
 * With SERVER_PROCESSES=N (PostgreSQL only, decision 318) this process prepares the database once and
 * forks N copies that share the port (node:cluster); each copy serves requests and runs the
 * background jobs, which are safe with several copies (jobs.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { buildApp, defaultWebDir } from './app';
import { startJobs } from './jobs';
import { loadConfig, writeDevOutboxToken, type AppConfig } from './config';
import { isDatabaseUnavailable, migrateDatabase, openDatabase, POOL_SIZE, type Database } from './db/client';
import { sealPlainSecrets, webhookSecretKey } from './modules/webhooks/index';
import { webhookAddressPolicy } from './modules/webhooks/index';
import { startWarnings } from './start-warnings';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './demo/seed';

/** The primary hands its development-outbox token to the copies, so all of them accept the one in DATA_DIR. */
const INHERITED_OUTBOX_TOKEN = 'JOBBY_DEV_OUTBOX_TOKEN';

/** The database, with the server's PostgreSQL connections shared out among its copies. */
function open(config: AppConfig): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
    poolSize: Math.ceil(POOL_SIZE / config.serverProcesses),
    statementTimeoutMs: config.databaseTimeouts.statementMs,
    acquireTimeoutMs: config.databaseTimeouts.acquireMs,
  });
}

/**
 * Once per start, before anything serves: the schema migrated and the serving role granted its rights
 * (as the owner, decision 378), stored secrets sealed, demo data in an empty database when asked.
 * Returns whether it seeded.
 */
async function prepareDatabase(config: AppConfig, database: Database): Promise<boolean> {
  const { servingMayAlter } = await migrateDatabase(database, { ownerUrl: config.databaseOwnerUrl });
  if (servingMayAlter && config.env === 'production' && config.databaseUrl) {
    console.warn('  Aviso: el rol de DATABASE_URL es dueño de las tablas (o superusuario) y podría desactivar la protección del libro de tokens. Define DATABASE_OWNER_URL y sirve con un rol sin esos permisos (docs/operations.md, «Two database roles»).');
  }
  await sealPlainSecrets(database.db, webhookSecretKey(config.authSecret));
  if (!config.demoData || !(await isDatabaseEmpty(database.db))) return false;
  // The demo's history is dated after the fact, past the ledger's guard: only its owner may do that.
  const separateOwner = config.databaseOwnerUrl && config.databaseOwnerUrl !== config.databaseUrl;
  const owner = separateOwner ? await openDatabase({ url: config.databaseOwnerUrl, poolSize: 1 }) : database;
  try {
    await seedDemoData(owner.db, config.demoPassword);
  } finally {
    if (owner !== database) await owner.close();
  }
  return true;
}

/**
 * A promise nobody awaited that failed because the database went away is logged, and the copy goes on
 * (decision 343): pg-boss 10.4 completes and fails its jobs without awaiting the statement, so a
 * connection lost at that moment would otherwise end the process (the job is taken again when it
 * expires, or at its next tick; every job of jobs.ts is safe to run twice). Any other unhandled
 * rejection still ends the process, as Node would.
 */
function surviveLostDatabase(log: { error: (message: string) => void }) {
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log.error(`Conexión a PostgreSQL perdida en una tarea en segundo plano: ${(reason as Error).message}`);
  });
}

/** Serves the API, the web app and the background jobs on an already prepared database; resolves with the port once listening. */
async function serve(config: AppConfig, database: Database): Promise<number> {
  const app = await buildApp({ config, database, webDir: defaultWebDir() });
  surviveLostDatabase({ error: (m) => app.log.error(m) });
  const jobs = await startJobs(database, app.log.child({ part: 'jobs' }), {
    botTransport: app.deps.bot.transport,
    webhookPolicy: webhookAddressPolicy(config),
    webhookSecretKey: webhookSecretKey(config.authSecret),
    mail: app.deps.mail,
    publicUrl: config.publicUrl,
  });
  // Once: a copy of several gets Ctrl-C's SIGINT from the terminal and then its primary's SIGTERM.
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : config.port;
}

function printReady(config: AppConfig, port: number, seeded: boolean) {
  const database = config.databaseUrl
    ? `PostgreSQL${config.serverProcesses > 1 ? `, ${config.serverProcesses} procesos` : ''}`
    : `PGlite (${path.join(config.dataDir, 'pglite')})`;
  const lines = [
    '',
    `  Jobby está listo en ${config.publicUrl} (escuchando en ${config.host}:${port})`,
    `  Base de datos: ${database}${seeded ? ' — datos de demostración cargados' : ''}`,
    `  API: ${config.publicUrl}/api/docs`,
  ];
  if (config.whatsapp.generated && config.env !== 'production') {
    // Development only (production requires them set): what the WhatsApp app and scripts/send-whatsapp.mjs need.
    lines.push(
      '',
      `  Webhook de WhatsApp: ${config.publicUrl}/webhook/whatsapp (secretos generados en ${config.dataDir})`,
      `    WHATSAPP_APP_SECRET=${config.whatsapp.appSecret}`,
      `    WHATSAPP_VERIFY_TOKEN=${config.whatsapp.verifyToken}`,
    );
  }
  if (config.demoData) {
    const password = config.demoPassword === DEMO_PASSWORD ? DEMO_PASSWORD : 'la de DEMO_PASSWORD';
    lines.push('', `  Cuentas de demostración (contraseña ${password}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    nivel ${account.level}  ${account.email.padEnd(22)} ${account.note}`);
  }
  console.log(lines.join('\n') + '\n');
  for (const warning of startWarnings(config)) console.warn(`  ${warning}`);
}

/** One process: prepares the database and serves it. */
async function runSingle(config: AppConfig) {
  const database = await open(config);
  const seeded = await prepareDatabase(config, database);
  // Before listening: whoever sees the server answer can already read this start's token.
  writeDevOutboxToken(config);
  printReady(config, await serve(config, database), seeded);
}

/**
 * The primary of SERVER_PROCESSES copies: prepares the database on a connection of its own, then
 * starts the copies ONE AT A TIME, each once the one before listens: two copies creating pg-boss's
 * queues at once on a new database deadlock (createQueue, pg-boss 10). A copy that dies after it
 * listened is replaced; one that dies before ends the start (it would die again). SIGINT/SIGTERM end
 * every copy, then this process.
 */
async function runPrimary(config: AppConfig) {
  const database = await open(config);
  const seeded = await prepareDatabase(config, database);
  await database.close();
  writeDevOutboxToken(config);
  const env = config.devOutboxToken ? { [INHERITED_OUTBOX_TOKEN]: config.devOutboxToken } : {};
  const alive = new Set<Worker>();
  const listening = new Set<Worker>();
  let stopping = false;
  let announced = false;
  const fork = () => alive.add(cluster.fork(env));
  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    if (announced) return;
    if (listening.size < config.serverProcesses) fork();
    else {
      announced = true;
      printReady(config, address.port, seeded);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    const hadListened = listening.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(0);
      return;
    }
    console.error(`Un proceso del servidor terminó (${signal ?? `código ${code}`}).`);
    if (hadListened) fork();
    else process.exit(1);
  });
  const stop = () => {
    stopping = true;
    for (const worker of alive) worker.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  fork();
}

/** A copy forked by the primary: the database is prepared; serve it. */
async function runCopy(config: AppConfig) {
  const inherited = process.env[INHERITED_OUTBOX_TOKEN];
  await serve({ ...config, devOutboxToken: config.devOutboxApi && inherited ? inherited : null }, await open(config));
}

async function main() {
  const config = loadConfig();
  if (cluster.isWorker) await runCopy(config);
  else if (config.serverProcesses > 1) await runPrimary(config);
  else await runSingle(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
