/**
 * Starts Jobby: reads the configuration, opens and migrates the database, seeds demo data into an
 * empty one, and serves the API and the built web app.
 */
import path from 'node:path';
import { buildApp, defaultWebDir } from './app';
import { startJobs } from './jobs';
import { loadConfig, writeDevOutboxToken } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { sealPlainSecrets, webhookSecretKey } from './modules/webhooks/secret-box';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './demo/seed';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  const secretKey = webhookSecretKey(config.authSecret);
  await sealPlainSecrets(database.db, secretKey);
  let seeded = false;
  if (config.demoData && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db, config.demoPassword);
    seeded = true;
  }
  const app = await buildApp({ config, database, webDir: defaultWebDir() });
  const jobs = await startJobs(database, { info: (m) => app.log.info(m), error: (m) => app.log.error(m) }, {
    botTransport: app.deps.bot.transport,
    webhookPolicy: { production: config.env === 'production' },
    webhookSecretKey: secretKey,
    mail: app.deps.mail,
    publicUrl: config.publicUrl,
  });
  const close = async () => {
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  // Before listening: whoever sees the server answer can already read this start's token.
  writeDevOutboxToken(config);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const lines = [
    '',
    `  Jobby está listo en ${config.publicUrl} (escuchando en ${config.host}:${port})`,
    `  Base de datos: ${database.driver === 'pglite' ? `PGlite (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL'}${seeded ? ' — datos de demostración cargados' : ''}`,
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
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
