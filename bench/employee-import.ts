/**
 * `npm run bench:import` ("10,000 rows in under a minute"): HR's spreadsheet import timed
 * the way the browser does it (src/web/features/hr/import-users-modal.tsx), against the real server
 * over HTTP:
 *   1. the preview of every row of the file, in one request;
 *   2. the confirmation: the rows the preview accepted, in chunks of IMPORT_CHUNK_SIZE, one request and
 *      one Idempotency-Key each, in sequence;
 *   3. the same file again: its preview must say 0 to create.
 * The server runs in production mode with SMTP_URL pointing at a local SMTP sink of this process that
 * accepts and counts every message, so the invitation mails really go out over SMTP (to localhost: the
 * cheapest possible relay) and the JSON says how many had arrived when the last chunk answered.
 *
 * A fresh database per run (PGlite in a temp folder, or with DATABASE_URL a new jobby_bench_* database
 * on that server), dropped at the end, also on Ctrl-C. Reports, never asserts.
 * BENCH_IMPORT_ROWS: rows in the file (default and maximum 10,000, IMPORT_MAX_ROWS), of which 5 invalid.
 * BENCH_IMPORT_MAIL=off: no sink; SMTP_URL names a closed port, so every batch of invitations fails at
 * once (logged by the server) and the figures are the import's alone.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { startSmtpSink } from '../test/support/smtp-sink';
import { IMPORT_CHUNK_SIZE, IMPORT_MAX_ROWS, type ImportRow } from '../src/domain/employee-import';
import type { EmployeeImportPreview, EmployeeImportResult } from '../src/domain/schemas/hr';
import { createBenchDatabase, literal, openBenchDatabase, query, type BenchDatabase } from './db';
import { authHeaders, round, signIn } from './load';
import { COMPANY_NAME, EMAILS, IDS, PASSWORD, seedBase } from './seed';
import { startServer, type RunningServer } from './server';

const ROWS = Math.min(Number(process.env.BENCH_IMPORT_ROWS ?? IMPORT_MAX_ROWS), IMPORT_MAX_ROWS);
const DOMAIN = 'benchco.cl';
/** Employees seedBase creates: a few, so the company is not empty; the import brings the rest. */
const SEEDED_EMPLOYEES = 10;
/** How long to wait, after the last chunk answered, for the mails still on their way. */
const MAIL_SETTLE_MS = 120_000;
const MAIL = process.env.BENCH_IMPORT_MAIL !== 'off';

function log(message: string) {
  process.stderr.write(`[bench:import ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/**
 * The file: ROWS lines under the header (so line = index + 2). Every 50th row is an invalid one (a
 * foreign domain, a repeated address, an unknown type, a broken phone, no name) until five are in;
 * the rest are new people of the company's domain, a phone for one in four, types A and B.
 */
export function generateRows(count: number): ImportRow[] {
  const rows: ImportRow[] = [];
  const invalid: Array<(line: number) => ImportRow> = [
    (line) => ({ line, name: 'Fuera de Dominio', email: 'alguien@otra-empresa.cl', phone: '', userType: 'A' }),
    (line) => ({ line, name: 'Repetida', email: `persona.1@${DOMAIN}`, phone: '', userType: 'A' }),
    (line) => ({ line, name: 'Tipo Raro', email: `tipo.raro@${DOMAIN}`, phone: '', userType: 'C' }),
    (line) => ({ line, name: 'Teléfono Roto', email: `telefono.roto@${DOMAIN}`, phone: '123', userType: 'B' }),
    (line) => ({ line, name: '', email: `sin.nombre@${DOMAIN}`, phone: '', userType: 'A' }),
  ];
  let person = 0;
  for (let i = 0; i < count; i++) {
    const line = i + 2;
    if (i > 0 && i % 50 === 0 && invalid.length > 0) {
      rows.push(invalid.shift()!(line));
      continue;
    }
    person++;
    rows.push({
      line,
      name: `Persona Importada ${String(person).padStart(5, '0')}`,
      email: `persona.${person}@${DOMAIN}`,
      // +56 9 followed by 8 digits: a valid Chilean mobile, one per person.
      phone: person % 4 === 0 ? `+56 9 ${String(20_000_000 + person)}` : '',
      userType: person % 3 === 0 ? 'B' : 'A',
    });
  }
  return rows;
}

/** A local SMTP sink that accepts every message and counts it (the server's SMTP_URL points here). */
async function startMailSink(): Promise<{ port: number; received: () => number; lastAt: () => number; close: () => Promise<void> }> {
  let received = 0;
  let lastAt = 0;
  const sink = await startSmtpSink(({ recipients }) => {
    received += recipients.length;
    lastAt = performance.now();
  });
  return { ...sink, received: () => received, lastAt: () => lastAt };
}

async function post<T>(baseUrl: string, cookie: string, path: string, body: unknown, extra: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { ...authHeaders(baseUrl, cookie), ...extra }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  log(`${label}…`);
  const start = performance.now();
  const value = await work();
  const seconds = round((performance.now() - start) / 1000, 1);
  log(`${label}: ${seconds} s`);
  return { value, seconds };
}

async function main() {
  const loadBefore = os.loadavg().map((n) => round(n, 1));
  let target: BenchDatabase | null = null;
  let server: RunningServer | null = null;
  let sink: Awaited<ReturnType<typeof startMailSink>> | null = null;
  // Ctrl-C must not leave a server holding a port or a jobby_bench_* database behind.
  const cleanup = async () => {
    await server?.stop().catch(() => undefined);
    await sink?.close().catch(() => undefined);
    await target?.dispose().catch(() => undefined);
  };
  const interrupted = () => {
    log('interrupted: cleaning up');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    target = await createBenchDatabase(process.env.DATABASE_URL);
    const seeded = target;
    await timed('seed', async () => {
      const database = await openBenchDatabase(seeded, true);
      try {
        await seedBase(database, { employees: SEEDED_EMPLOYEES, jobbyInitial: 1, companyInitial: 1 });
        // seedBase's company has no domain and room for its own few: give it both for the file.
        await query(database, `UPDATE companies SET email_domain = ${literal(DOMAIN)}, max_users = ${SEEDED_EMPLOYEES + ROWS + 100} WHERE id = ${literal(IDS.company)}::uuid`);
      } finally {
        // PGlite is one process per folder: the server opens it next.
        await database.close();
      }
    });
    sink = MAIL ? await startMailSink() : null;
    // Port 9 (discard) has no listener here: with BENCH_IMPORT_MAIL=off every send is refused at once.
    const smtpUrl = `smtp://127.0.0.1:${sink ? sink.port : 9}`;
    const running = (await timed('start server', () => startServer(seeded, { SMTP_URL: smtpUrl }))).value;
    server = running;
    const cookie = await signIn(running.baseUrl, EMAILS.hr, PASSWORD);

    const rows = generateRows(ROWS);
    const preview = await timed(`preview of ${rows.length} rows`, () => post<EmployeeImportPreview>(running.baseUrl, cookie, '/api/company/users/import/preview', { rows }));

    // As the modal does: the rows the preview accepted, in chunks, a key each, one after another.
    const accepted = new Set(preview.value.create.map((r) => r.line));
    const toCreate = rows.filter((r) => accepted.has(r.line));
    const chunkSeconds: number[] = [];
    const received = () => sink?.received() ?? 0;
    const mailsBefore = received();
    const imported = await timed(`import of ${toCreate.length} rows in chunks of ${IMPORT_CHUNK_SIZE}`, async () => {
      let created = 0;
      for (let i = 0; i < toCreate.length; i += IMPORT_CHUNK_SIZE) {
        const start = performance.now();
        const result = await post<EmployeeImportResult>(running.baseUrl, cookie, '/api/company/users/import', { rows: toCreate.slice(i, i + IMPORT_CHUNK_SIZE) }, { 'idempotency-key': randomUUID() });
        chunkSeconds.push((performance.now() - start) / 1000);
        created += result.created;
      }
      return created;
    });
    const importEnded = performance.now();
    const mailsWhenImportAnswered = received() - mailsBefore;

    const reimport = await timed('preview of the same file again', () => post<EmployeeImportPreview>(running.baseUrl, cookie, '/api/company/users/import/preview', { rows }));

    // The invitations still on their way (if the server sends them after answering): wait for them.
    const mailWaitStart = performance.now();
    while (sink && received() - mailsBefore < imported.value && performance.now() - mailWaitStart < MAIL_SETTLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const mailsTotal = received() - mailsBefore;
    const sortedChunks = [...chunkSeconds].sort((a, b) => a - b);

    console.log(
      JSON.stringify(
        {
          driver: target.driver,
          company: COMPANY_NAME,
          rows: rows.length,
          chunkSize: IMPORT_CHUNK_SIZE,
          chunks: chunkSeconds.length,
          preview_s: preview.seconds,
          preview: { create: preview.value.create.length, existing: preview.value.existing.length, invalid: preview.value.invalid.length },
          import_s: imported.seconds,
          chunk_s: {
            min: round(sortedChunks[0] ?? 0, 2),
            median: round(sortedChunks[Math.floor(sortedChunks.length / 2)] ?? 0, 2),
            max: round(sortedChunks.at(-1) ?? 0, 2),
            in_order: chunkSeconds.map((s) => round(s, 1)),
          },
          created: imported.value,
          preview_and_import_s: round(preview.seconds + imported.seconds, 1),
          reimport_preview_s: reimport.seconds,
          reimport: { create: reimport.value.create.length, existing: reimport.value.existing.length, invalid: reimport.value.invalid.length },
          mails: sink
            ? {
                received_when_last_chunk_answered: mailsWhenImportAnswered,
                received_total: mailsTotal,
                last_received_s_after_import: mailsTotal > 0 ? round(Math.max(0, sink.lastAt() - importEnded) / 1000, 1) : null,
              }
            : 'off',
          budget_s: 60,
          loadavg_before: loadBefore,
          loadavg_after: os.loadavg().map((n) => round(n, 1)),
        },
        null,
        2,
      ),
    );
  } finally {
    await cleanup();
  }
}

await main();
