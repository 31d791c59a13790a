/**
 * Jobby's and the companies' benefits of the export, and the imported ones (earlier runs' too) for requests and codes.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { recordStatusOf } from '#domain/constants';
import { companyBenefits, platformBenefits } from '#server/db/schema';
import { legacyCompanyBenefit, legacyName, legacyPlatformBenefit, zodReason } from '../parse';
import { chunks, pairsIn, type Run } from '../run';

const BENEFIT_TYPES = new Set(['automatic', 'managed', 'third_party']);

function isoDate(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

export async function importPlatformBenefits(run: Run): Promise<void> {
  const rows: Array<typeof platformBenefits.$inferInsert & { id: string }> = [];
  const created: Array<[string, string]> = [];
  for (const [key, value] of run.records('platform_benefit', run.data.jobby_benefits)) {
    if (run.existing('platform_benefit', key)) continue;
    const parsed = legacyPlatformBenefit.safeParse(value);
    const title = parsed.success ? (parsed.data.title ?? parsed.data.name) : null;
    if (!parsed.success || !title) {
      run.skip('platform_benefit', key, `Beneficio Jobby ${key}: ${parsed.success ? 'no tiene título ni nombre' : zodReason(parsed.error)}`);
      continue;
    }
    const named = legacyName(title, 'benefit');
    if ('error' in named) {
      run.skip('platform_benefit', key, `Beneficio Jobby ${key}: el título no es válido (${named.error})`);
      continue;
    }
    const b = parsed.data;
    const type = b.type && BENEFIT_TYPES.has(b.type) ? b.type : 'automatic';
    if (b.type !== type) run.report.warnings.push(`Beneficio Jobby «${title}»: tipo «${b.type ?? ''}» desconocido; se importó como automático`);
    const id = randomUUID();
    // availableTokens 0 meant unlimited in the earlier app; Jobby keeps unlimited as null (decision in schema).
    const stock = b.availableTokens === null ? 100 : b.availableTokens <= 0 ? null : b.availableTokens;
    rows.push({
      id,
      title: named.name,
      description: b.description ?? named.name,
      type,
      value: b.value,
      providerName: b.provider,
      category: b.category,
      image: b.image,
      isHighlighted: b.isHighlighted,
      tokenCost: Math.max(1, b.tokenCost ?? 1),
      stockRemaining: stock,
      status: recordStatusOf(b.status),
      createdBy: 'legacy-import',
      createdAt: b.createdAt ?? run.now,
    });
    created.push([key, id]);
  }
  for (const part of chunks(rows)) await run.tx.insert(platformBenefits).values(part);
  await run.remember('platform_benefit', created);
  await loadBenefits(run);
}

export async function importCompanyBenefits(run: Run): Promise<void> {
  const rows: Array<typeof companyBenefits.$inferInsert & { id: string }> = [];
  const created: Array<[string, string]> = [];
  for (const [companyKey, benefits] of run.records('company_benefit', run.data.company_benefits)) {
    const companyId = run.companyOf(companyKey);
    for (const [key, value] of run.records('company_benefit', pairsIn(benefits), `${companyKey}/`)) {
      const legacyId = `${companyKey}/${key}`;
      if (run.existing('company_benefit', legacyId)) continue;
      if (!companyId) {
        run.skip('company_benefit', legacyId, `Beneficio de empresa ${key}: la empresa «${companyKey}» no se importó`);
        continue;
      }
      const parsed = legacyCompanyBenefit.safeParse(value);
      const title = parsed.success ? (parsed.data.title ?? parsed.data.name) : null;
      if (!parsed.success || !title) {
        run.skip('company_benefit', legacyId, `Beneficio de empresa ${key}: ${parsed.success ? 'no tiene título ni nombre' : zodReason(parsed.error)}`);
        continue;
      }
      const named = legacyName(title, 'benefit');
      if ('error' in named) {
        run.skip('company_benefit', legacyId, `Beneficio de empresa ${key}: el título no es válido (${named.error})`);
        continue;
      }
      const b = parsed.data;
      let startDate = isoDate(b.startDate);
      let endDate = isoDate(b.endDate);
      if (startDate && endDate && startDate > endDate) [startDate, endDate] = [endDate, startDate];
      const id = randomUUID();
      rows.push({
        id,
        companyId,
        title: named.name,
        description: b.description ?? named.name,
        category: b.category,
        image: b.image,
        tokenCost: Math.max(1, b.tokenCost ?? 1),
        availableTokens: Math.max(0, b.availableTokens ?? 10),
        limitPerUser: Math.max(1, b.limitPerUser ?? 1),
        startDate,
        endDate,
        status: recordStatusOf(b.status),
        createdBy: 'legacy-import',
        createdAt: b.createdAt ?? run.now,
      });
      created.push([legacyId, id]);
    }
  }
  for (const part of chunks(rows)) await run.tx.insert(companyBenefits).values(part);
  await run.remember('company_benefit', created);
  await loadBenefits(run);
}

/** The imported benefits (this run's and earlier ones'), for requests and codes. */
async function loadBenefits(run: Run): Promise<void> {
  const platform = await run.mapped('platform_benefit', (ids) =>
    run.tx
      .select({ id: platformBenefits.id, title: platformBenefits.title, type: platformBenefits.type, providerUserId: platformBenefits.providerUserId })
      .from(platformBenefits)
      .where(inArray(platformBenefits.id, ids)),
  );
  for (const [key, row] of platform) run.platformBenefitRows.set(key, row);
  const company = await run.mapped('company_benefit', (ids) =>
    run.tx.select({ id: companyBenefits.id, title: companyBenefits.title, companyId: companyBenefits.companyId }).from(companyBenefits).where(inArray(companyBenefits.id, ids)),
  );
  for (const [key, row] of company) run.companyBenefitRows.set(key, row);
}
