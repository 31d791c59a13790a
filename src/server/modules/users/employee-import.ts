/**
 * Importing employees from a spreadsheet: the rows the browser read from HR's file are
 * judged here, by the same rules as 'Agregar Usuario' (employeeAddressRules, lockUserRoom), in a dry
 * run (the preview) or for real (one transaction per chunk, bulk statements, invitations instead of
 * passwords). A row whose address is already an employee of the company is 'ya existe' and left as it
 * is, so the same file imported twice creates nobody the second time.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { AppError, errorMessage } from '#domain/errors';
import { violatedUniqueConstraint } from '../../db/errors';
import { IMPORT_PREVIEWS_PER_HOUR, type ImportRow } from '#domain/employee-import';
import { recordEvents } from '../events/index';
import { toE164 } from '#domain/phone';
import { displayName } from '#domain/schemas/auth';
import type { EmployeeImportPreview, EmployeeImportResult, InvalidImportRow } from '#domain/schemas/hr';
import type { Db, Executor, Tx } from '../../db/client';
import { companies, users } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';
import { runIdempotent, type IdempotentOutcome } from '../idempotency/index';
import { countAttempt } from '../rate-limit/index';
import { issueInvitations, type InvitationMail } from '../invitations/index';
import { companyAccounts, employeeAddressRules, lockUserRoom } from './hr-users';

type Domains = { staffDomain: string; providerDomain: string };
type NewEmployee = { line: number; name: string; email: string; phone: string | null; userType: 'A' | 'B'; emailVerified: boolean };
type Judged = { create: NewEmployee[]; existing: Array<{ line: number; email: string }>; invalid: InvalidImportRow[]; companyName: string };

/** Statements take at most this many rows (PostgreSQL's 65,535 parameters, with room). */
const STATEMENT_ROWS = 1000;

function chunks<T>(items: T[], size = STATEMENT_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function userTypeOf(text: string): 'A' | 'B' | null {
  const value = text.trim().toUpperCase().replace(/^TIPO\s+/, '');
  if (value === '' || value === 'A') return 'A';
  return value === 'B' ? 'B' : null;
}

/**
 * Each row's fate, in file order: invalid (its first broken rule, in the catalogue's words), already an
 * employee here, or to create while `room` (the places left under maxUsers) lasts. Reads only.
 */
async function judge(db: Executor, rows: ImportRow[], companyId: string, domains: Domains, room: { free: number; maxUsers: number }): Promise<Judged> {
  const rules = await employeeAddressRules(db, companyId, rows.map((r) => r.email), domains);
  const out: Judged = { create: [], existing: [], invalid: [], companyName: rules.companyName };
  const refuse = (row: ImportRow, email: string, message: string) => out.invalid.push({ line: row.line, email: email || row.email, message });

  // First the rules of the row alone.
  const candidates: Array<{ row: ImportRow; email: string; name: string; phone: string | null; userType: 'A' | 'B' }> = [];
  const firstLineOf = new Map<string, number>();
  const phoneLine = new Map<string, number>();
  for (const row of rows) {
    const name = displayName.safeParse(row.name);
    if (!name.success) {
      refuse(row, row.email.trim().toLowerCase(), name.error.issues[0]?.message ?? errorMessage('VALIDATION'));
      continue;
    }
    const address = rules.judge(row.email);
    if ('error' in address) {
      refuse(row, row.email.trim().toLowerCase(), errorMessage(address.error, address.params));
      continue;
    }
    const userType = userTypeOf(row.userType);
    if (!userType) {
      refuse(row, address.email, errorMessage('IMPORT_TYPE_INVALID'));
      continue;
    }
    const phone = row.phone.trim() ? toE164(row.phone) : null;
    if (row.phone.trim() && !phone) {
      refuse(row, address.email, errorMessage('PHONE_INVALID'));
      continue;
    }
    const seen = firstLineOf.get(address.email);
    if (seen !== undefined) {
      refuse(row, address.email, errorMessage('IMPORT_ROW_DUPLICATE', { line: seen }));
      continue;
    }
    firstLineOf.set(address.email, row.line);
    if (phone && phoneLine.has(phone)) {
      refuse(row, address.email, errorMessage('PHONE_IN_USE'));
      continue;
    }
    if (phone) phoneLine.set(phone, row.line);
    candidates.push({ row, email: address.email, name: name.data, phone, userType });
  }

  // Then what the database already holds: the addresses and numbers, in a few statements. Whose they
  // are matters: HR may learn about its own company's people, never about anyone else's (decision 349).
  const taken = new Map<string, 'employee' | 'ownStaff' | 'elsewhere'>();
  for (const part of chunks(candidates.map((c) => c.email))) {
    const found = await db
      .select({ email: users.email, companyId: users.companyId, level: users.level })
      .from(users)
      .where(inArray(users.email, part));
    for (const f of found) taken.set(f.email, f.companyId !== companyId ? 'elsewhere' : f.level === 3 ? 'employee' : 'ownStaff');
  }
  const phoneOwners = new Map<string, 'own' | 'elsewhere'>();
  for (const part of chunks(candidates.flatMap((c) => (c.phone ? [c.phone] : [])))) {
    const found = await db.select({ phone: users.phone, companyId: users.companyId }).from(users).where(inArray(users.phone, part));
    for (const f of found) if (f.phone) phoneOwners.set(f.phone, f.companyId === companyId ? 'own' : 'elsewhere');
  }

  // The company's own people first; then the room; only then, and without saying why, what someone
  // outside the company holds. A full company so learns nothing, and a file of guesses learns only
  // until the numbers nobody holds have taken the company's free places.
  let free = room.free;
  for (const c of candidates) {
    const holder = taken.get(c.email);
    const phoneOwner = c.phone ? phoneOwners.get(c.phone) : undefined;
    if (holder === 'employee') out.existing.push({ line: c.row.line, email: c.email });
    else if (holder === 'ownStaff') refuse(c.row, c.email, errorMessage('COMPANY_USER_EMAIL_IN_USE'));
    else if (phoneOwner === 'own') refuse(c.row, c.email, errorMessage('PHONE_IN_USE'));
    else if (free < 1) refuse(c.row, c.email, errorMessage('COMPANY_USER_LIMIT', { maxUsers: room.maxUsers }));
    else if (holder === 'elsewhere') refuse(c.row, c.email, errorMessage('IMPORT_EMAIL_UNAVAILABLE'));
    else if (phoneOwner === 'elsewhere') refuse(c.row, c.email, errorMessage('IMPORT_PHONE_UNAVAILABLE'));
    else {
      free--;
      out.create.push({ line: c.row.line, name: c.name, email: c.email, phone: c.phone, userType: c.userType, emailVerified: rules.vouchedFor(c.email) });
    }
  }
  out.invalid.sort((a, b) => a.line - b.line);
  return out;
}

/**
 * The preview (a dry run, nothing written): what confirming the whole file would do now. Each HR
 * person has IMPORT_PREVIEWS_PER_HOUR of them (decision 349): a preview judges up to 10,000 rows
 * against every account, which must not become a tool to sweep the platform's numbers.
 * @throws NO_COMPANY_ASSIGNED; COMPANY_NOT_FOUND; RATE_LIMITED.
 */
export async function previewEmployeeImport(db: Db, rows: ImportRow[], actor: Actor, domains: Domains): Promise<EmployeeImportPreview> {
  const companyId = companyOf(actor);
  const attempt = await countAttempt(db, [{ key: `import-preview:${actor.id}`, limit: IMPORT_PREVIEWS_PER_HOUR, keepOnSuccess: true }], 3600);
  if (!attempt.allowed) throw new AppError('RATE_LIMITED');
  const [company] = await db
    .select({ maxUsers: companies.maxUsers, userCount: db.$count(users, companyAccounts(companyId)) })
    .from(companies)
    .where(eq(companies.id, companyId));
  const userCount = Number(company?.userCount ?? 0);
  const maxUsers = company?.maxUsers ?? 0;
  const judged = await judge(db, rows, companyId, domains, { free: Math.max(0, maxUsers - userCount), maxUsers });
  return { create: judged.create.map(({ line, email }) => ({ line, email })), existing: judged.existing, invalid: judged.invalid, maxUsers, userCount };
}

/**
 * Confirms one chunk: in ONE transaction the company row is locked (as 'Agregar Usuario' does, so
 * together they cannot pass maxUsers), the rows judged again, and the new employees, their empty
 * survey state and their invitations written with one statement per table. With an Idempotency-Key a
 * retried chunk gets the stored answer and sends no second mail. The mails are returned to send
 * after COMMIT (`mails` stays empty on a replay).
 * @throws NO_COMPANY_ASSIGNED; COMPANY_NOT_FOUND; IDEMPOTENCY_CONFLICT (as an outcome).
 */
export async function importEmployees(
  db: Db,
  rows: ImportRow[],
  actor: Actor,
  domains: Domains,
  idempotencyKey: string | undefined,
): Promise<{ outcome: IdempotentOutcome<EmployeeImportResult>; mails: InvitationMail[] }> {
  const companyId = companyOf(actor);
  const mails: InvitationMail[] = [];
  const outcome = await runIdempotent(db, { actorId: actor.id, key: idempotencyKey, operation: 'users.import', input: rows }, async (tx) => {
    const room = await lockUserRoom(tx, companyId);
    const judged = await judge(tx, rows, companyId, domains, room);
    const created = await insertEmployees(tx, judged.create, companyId, actor.id);
    mails.push(...(await issueInvitations(tx, created, actor.id, judged.companyName)));
    return { created: created.length, existing: judged.existing.length, invalid: judged.invalid };
  });
  return { outcome, mails };
}

/** The employees' rows, in bulk, level 3 of the company, no password (an invitation follows). */
async function insertEmployees(tx: Tx, people: NewEmployee[], companyId: string, actorId: string) {
  const created: Array<{ id: string; email: string; name: string }> = [];
  for (const part of chunks(people)) {
    const values = part.map((p) => ({
      id: randomUUID(),
      name: p.name,
      email: p.email,
      emailVerified: p.emailVerified,
      level: 3,
      companyId,
      userType: p.userType,
      phone: p.phone,
      createdBy: actorId,
    }));
    try {
      await tx.insert(users).values(values);
    } catch (error) {
      // Another company's HR took one of these addresses (or numbers) after the judging: the chunk is
      // refused whole, and importing the file again reports that row.
      if (violatedUniqueConstraint(error) !== null) throw new AppError('COMPANY_USER_EMAIL_IN_USE');
      throw error;
    }
    created.push(...values.map((v) => ({ id: v.id, email: v.email, name: v.name })));
    // The same fact as HR's add-user: integrators' 'employee created' webhooks follow an import too.
    await recordEvents(tx, values.map((v) => ({ type: 'employee.created' as const, payload: { userId: v.id, companyId, name: v.name, email: v.email, source: 'import' as const } })));
  }
  return created;
}
