/**
 * The benefit requests of the export, and the codes (tokens) of those requests.
 */
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { CODE_PATTERN } from '#domain/code';
import { benefitCodes, benefitRequests, platformCounters } from '#server/db/schema';
import { legacyRequest, legacyToken, zodReason } from '../parse';
import { chunks, type Run } from '../run';

const DEFAULT_CODE_DAYS = 30;
const REQUEST_STATUSES = new Set(['pending', 'pending_provider_approval', 'pending_admin_approval', 'approved', 'rejected']);

/** A company benefit by its legacy id alone (requests name the benefit, not its company path), within `companyId`. */
function companyBenefitOf(run: Run, benefitId: string, companyKey: string | null, companyId: string | null) {
  if (companyKey) {
    const direct = run.companyBenefitRows.get(`${companyKey}/${benefitId}`);
    if (direct) return direct;
  }
  for (const [key, row] of run.companyBenefitRows) if (key.endsWith(`/${benefitId}`) && (!companyId || row.companyId === companyId)) return row;
  return null;
}

export async function importRequests(run: Run): Promise<void> {
  const rows: Array<typeof benefitRequests.$inferInsert & { id: string }> = [];
  const created: Array<[string, string]> = [];
  for (const [key, value] of run.records('request', run.data.benefit_requests)) {
    if (run.existing('request', key)) continue;
    const parsed = legacyRequest.safeParse(value);
    if (!parsed.success) {
      run.skip('request', key, `Solicitud ${key}: ${zodReason(parsed.error)}`);
      continue;
    }
    const r = parsed.data;
    const person = r.userId ? run.people.get(r.userId) : undefined;
    if (!person) {
      run.skip('request', key, `Solicitud ${key}: su usuario «${r.userId ?? ''}» no se importó`);
      continue;
    }
    const platform = r.isBenefitJobby && r.benefitId ? run.platformBenefitRows.get(r.benefitId) : undefined;
    const company = !r.isBenefitJobby && r.benefitId ? companyBenefitOf(run, r.benefitId, r.companyId, person.companyId) : null;
    if (!platform && !company) {
      run.skip('request', key, `Solicitud ${key}: su beneficio «${r.benefitId ?? ''}» no está en la exportación o no se importó`);
      continue;
    }
    if (!r.status || !REQUEST_STATUSES.has(r.status)) {
      run.skip('request', key, `Solicitud ${key}: estado «${r.status ?? ''}» desconocido`);
      continue;
    }
    const id = randomUUID();
    rows.push({
      id,
      userId: person.id,
      companyId: company?.companyId ?? person.companyId,
      platformBenefitId: platform?.id ?? null,
      companyBenefitId: company?.id ?? null,
      benefitName: r.benefitName ?? platform?.title ?? company?.title ?? '',
      benefitType: r.benefitType ?? platform?.type ?? null,
      isBenefitJobby: Boolean(platform),
      paidWithTokens: r.paidWithTokens,
      tokenCost: Math.max(0, r.tokenCost ?? 0),
      status: r.status,
      requestDate: r.requestDate ?? run.now,
      processedDate: r.processedDate,
      providerUserId: platform?.providerUserId ?? null,
      adminId: r.adminId === 'system' ? 'system' : r.adminId ? (run.people.get(r.adminId)?.id ?? null) : null,
      adminInstructions: r.adminInstructions,
      productLink: r.productLink,
      userEmail: r.userEmail,
      userName: r.userName,
      comments: r.comments,
    });
    created.push([key, id]);
  }
  for (const part of chunks(rows)) await run.tx.insert(benefitRequests).values(part);
  await run.remember('request', created);
}

export async function importCodes(run: Run): Promise<void> {
  const requestIds = [...run.map('request').values()];
  const requestRows = new Map<string, typeof benefitRequests.$inferSelect>();
  for (const part of chunks(requestIds, 5000)) {
    for (const r of await run.tx.select().from(benefitRequests).where(inArray(benefitRequests.id, part))) requestRows.set(r.id, r);
  }
  const candidates = run.records('code', run.data.benefit_tokens).map(([key, value]) => [key, legacyToken.safeParse(value)] as const);
  const wanted = candidates.flatMap(([, p]) => (p.success && p.data.tokenCode ? [p.data.tokenCode.toUpperCase()] : []));
  const takenCodes = new Set<string>();
  for (const part of chunks(wanted, 5000)) {
    for (const r of await run.tx.select({ code: benefitCodes.code }).from(benefitCodes).where(inArray(benefitCodes.code, part))) takenCodes.add(r.code);
  }
  const coded = new Set<string>();
  const rows: Array<typeof benefitCodes.$inferInsert & { id: string }> = [];
  const created: Array<[string, string]> = [];
  let used = 0;
  for (const [key, parsed] of candidates) {
    if (run.existing('code', key)) continue;
    if (!parsed.success) {
      run.skip('code', key, `Token ${key}: ${zodReason(parsed.error)}`);
      continue;
    }
    const t = parsed.data;
    const requestId = t.requestId ? run.map('request').get(t.requestId) : undefined;
    const request = requestId ? requestRows.get(requestId) : undefined;
    if (!request) {
      run.skip('code', key, `Token ${key}: su solicitud «${t.requestId ?? ''}» no está en la exportación o no se importó`);
      continue;
    }
    const code = t.tokenCode?.toUpperCase() ?? '';
    if (!CODE_PATTERN.test(code)) {
      run.skip('code', key, `Token ${key}: el código «${t.tokenCode ?? ''}» no tiene 8 caracteres de A-Z y 0-9`);
      continue;
    }
    if (takenCodes.has(code)) {
      run.skip('code', key, `Token ${key}: el código ${code} ya existe en Jobby`);
      continue;
    }
    if (coded.has(request.id)) {
      run.skip('code', key, `Token ${key}: su solicitud ya tiene otro token`);
      continue;
    }
    takenCodes.add(code);
    coded.add(request.id);
    const isUsed = t.status === 'used';
    const createdAt = t.createdAt ?? request.processedDate ?? request.requestDate;
    const id = randomUUID();
    rows.push({
      id,
      code,
      requestId: request.id,
      status: isUsed ? 'used' : 'active',
      createdAt,
      expiresAt: t.expiresAt ?? new Date(createdAt.getTime() + DEFAULT_CODE_DAYS * 86_400_000),
      createdBy: t.createdBy === 'system' ? 'system' : t.createdBy ? (run.people.get(t.createdBy)?.id ?? null) : null,
      userId: request.userId,
      companyId: request.companyId,
      platformBenefitId: request.platformBenefitId,
      companyBenefitId: request.companyBenefitId,
      providerUserId: request.providerUserId,
      benefitName: request.benefitName,
      benefitType: request.benefitType,
      isBenefitJobby: request.isBenefitJobby,
      adminInstructions: t.adminInstructions ?? request.adminInstructions,
      usedBy: isUsed && t.usedBy ? (run.people.get(t.usedBy)?.id ?? null) : null,
      usedAt: isUsed ? (t.usedAt ?? createdAt) : null,
    });
    if (isUsed) used++;
    created.push([key, id]);
  }
  for (const part of chunks(rows)) await run.tx.insert(benefitCodes).values(part);
  if (used > 0) {
    // The platform's running count of used codes (modules/counters), which the workers keep from events.
    await run.tx
      .insert(platformCounters)
      .values({ name: 'codes_used', value: used })
      .onConflictDoUpdate({ target: platformCounters.name, set: { value: sql`${platformCounters.value} + ${used}`, updatedAt: new Date() } });
  }
  await run.remember('code', created);
}
