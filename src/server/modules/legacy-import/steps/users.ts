/**
 * The people of the export: levels 2 and 3 only (decision 350), each with its Firebase password hash or a welcome mail to choose one.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { recordStatusOf } from '#domain/constants';
import { toE164 } from '#domain/phone';
import { resetPasswordIdentifier } from '#server/accounts/verification-tokens';
import { accounts as authAccounts, users, verifications } from '#server/db/schema';
import { encodeFirebaseHash } from '#server/accounts/firebase-password';
import { legacyName, legacyUser, zodReason } from '../parse';
import { chunks, LEGACY_LINK_DAYS, type Run } from '../run';

export async function importUsers(run: Run): Promise<void> {
  const emails = new Set((await run.tx.select({ email: users.email }).from(users)).map((r) => r.email.toLowerCase()));
  const phones = new Set((await run.tx.select({ phone: users.phone }).from(users)).flatMap((r) => (r.phone ? [r.phone] : [])));
  // People of earlier runs: their level and company, for what refers to them.
  const earlier = await run.mapped('user', (ids) =>
    run.tx.select({ id: users.id, level: users.level, companyId: users.companyId, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids)),
  );
  for (const [legacyId, r] of earlier) run.people.set(legacyId, { ...r, level: r.level ?? 3 });
  const hashes = new Map<string, string>();
  if (run.options.hashConfig && run.options.authUsers) {
    for (const person of run.options.authUsers) {
      if (person.localId && person.passwordHash) {
        hashes.set(person.localId, encodeFirebaseHash({ ...run.options.hashConfig, passwordHash: person.passwordHash, salt: person.salt ?? '' }));
      }
    }
  }
  const rows: Array<typeof users.$inferInsert> = [];
  const credentialRows: Array<typeof authAccounts.$inferInsert> = [];
  const resetRows: Array<typeof verifications.$inferInsert> = [];
  const created: Array<[string, string]> = [];
  for (const [uid, value] of run.records('user', run.data.users)) {
    if (run.existing('user', uid)) continue;
    const parsed = legacyUser.safeParse(value);
    if (!parsed.success) {
      run.skip('user', uid, `Usuario ${uid}: ${zodReason(parsed.error)}`);
      continue;
    }
    const u = parsed.data;
    const level = u.level ?? u.userLevel;
    if (level === null || level < 1 || level > 4) {
      run.skip('user', uid, `Usuario ${u.email}: no tiene nivel (ni level ni userLevel) o no es 1, 2, 3 ni 4`);
      continue;
    }
    if (emails.has(u.email)) {
      run.skip('user', uid, `Usuario ${u.email}: ya existe una cuenta con ese correo en Jobby`);
      continue;
    }
    const companyId = run.companyOf(u.companyId);
    // Levels 1 and 4 are never taken from a file (decision 350): the earlier app let a browser write
    // its own record. Such a person comes in as an employee of the record's company, or not at all,
    // and the report lists them for a level 1 person to decide.
    if (level === 1 || level === 4) {
      run.report.lowered.push({ email: u.email, fileLevel: level, company: companyId ? (run.companyNames.get(companyId) ?? null) : null });
      if (!companyId) {
        run.skip('user', uid, `Usuario ${u.email}: nivel ${level} en el archivo y sin empresa; los niveles 1 y 4 no se importan (créalo a mano si corresponde)`);
        continue;
      }
    }
    if (!companyId) {
      run.skip('user', uid, u.companyId ? `Usuario ${u.email}: su empresa «${u.companyId}» no está en la exportación o no se importó` : `Usuario ${u.email}: nivel ${level} sin empresa`);
      continue;
    }
    const givenLevel = level === 2 ? 2 : 3;
    const named = legacyName(u.displayName ?? u.email.split('@')[0], 'person');
    if ('error' in named) {
      run.skip('user', uid, `Usuario ${u.email}: el nombre no es válido (${named.error})`);
      continue;
    }
    if (named.cleaned && u.displayName) run.report.warnings.push(`Usuario ${u.email}: se quitaron caracteres invisibles o de control de su nombre`);
    const name = named.name;
    let phone = u.phone ? toE164(u.phone) : null;
    if (u.phone && (!phone || phones.has(phone))) {
      run.report.warnings.push(`Usuario ${u.email}: el teléfono «${u.phone}» no es válido o ya lo usa otra cuenta; se importó sin teléfono`);
      phone = null;
    }
    if (phone) phones.add(phone);
    emails.add(u.email);
    run.report.levels[givenLevel]++;
    const id = randomUUID();
    const prefs = Array.isArray(u.benefitPreferences)
      ? u.benefitPreferences.filter((p): p is string => typeof p === 'string')
      : typeof u.benefitPreferences === 'string' && u.benefitPreferences
        ? u.benefitPreferences.split(',').map((p) => p.trim()).filter(Boolean)
        : null;
    rows.push({
      id,
      name,
      email: u.email,
      emailVerified: true,
      level: givenLevel,
      companyId,
      userType: u.userType === 'B' ? 'B' : 'A',
      status: recordStatusOf(u.status),
      themePreference: u.themePreference === 'dark' ? 'dark' : 'light',
      phone,
      department: u.department,
      surveyCompleted: u.surveyCompleted,
      surveyCompletedAt: u.surveyCompleted ? (u.surveyCompletedAt ?? u.updatedAt ?? run.now) : null,
      surveyUpdatedAt: u.surveyUpdatedAt,
      surveyType: u.surveyType === 'A' || u.surveyType === 'B' ? u.surveyType : null,
      benefitPreferences: prefs,
      generationalMemory: u.generationalMemory,
      contactPhone: u.contactPhone,
      createdBy: 'legacy-import',
      createdAt: u.createdAt ?? run.now,
      updatedAt: u.updatedAt ?? u.createdAt ?? run.now,
    });
    const hash = hashes.get(uid);
    if (hash) {
      credentialRows.push({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
      run.report.passwords.imported++;
    } else {
      const token = randomBytes(24).toString('base64url');
      resetRows.push({ id: randomUUID(), identifier: resetPasswordIdentifier(token), value: id, expiresAt: new Date(run.now.getTime() + LEGACY_LINK_DAYS * 86_400_000) });
      run.mails.push({ email: u.email, name, token });
      run.report.passwords.mailed++;
    }
    run.people.set(uid, { id, level: givenLevel, companyId, name, email: u.email });
    created.push([uid, id]);
  }
  for (const part of chunks(rows)) await run.tx.insert(users).values(part);
  for (const part of chunks(credentialRows)) await run.tx.insert(authAccounts).values(part);
  for (const part of chunks(resetRows)) await run.tx.insert(verifications).values(part);
  await run.remember('user', created);
}
