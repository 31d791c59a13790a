/**
 * The companies of the export: new ones created (a name or domain Jobby already has is skipped or left without a domain).
 */
import { companyDomainProblem } from '#domain/company-domain';
import { recordStatusOf } from '#domain/constants';
import { companies } from '#server/db/schema';
import { legacyCompany, legacyName, zodReason } from '../parse';
import type { Run } from '../run';

export async function importCompanies(run: Run): Promise<void> {
  const taken = await run.tx.select({ id: companies.id, name: companies.name, emailDomain: companies.emailDomain }).from(companies);
  const imported = new Set(run.map('company').values());
  const takenNames = new Map(taken.map((c) => [c.name.toLowerCase(), c.id]));
  const takenDomains = new Set(taken.flatMap((c) => (c.emailDomain ? [c.emailDomain.toLowerCase()] : [])));
  for (const c of taken) {
    run.companyNames.set(c.id, c.name);
    if (imported.has(c.id)) run.companyByName.set(c.name.toLowerCase(), c.id);
  }
  const created: Array<[string, string]> = [];
  for (const [key, value] of run.records('company', run.data.companies)) {
    const parsed = legacyCompany.safeParse(value);
    if (!parsed.success) {
      run.skip('company', key, `Empresa «${key}»: ${zodReason(parsed.error)}`);
      continue;
    }
    if (run.existing('company', key)) {
      run.companyByName.set((parsed.data.name ?? key).toLowerCase(), run.map('company').get(key) as string);
      continue;
    }
    const named = legacyName(parsed.data.name ?? key, 'company');
    if ('error' in named) {
      run.skip('company', key, `Empresa «${key.slice(0, 80)}»: el nombre no es válido (${named.error})`);
      continue;
    }
    const name = named.name;
    if (named.cleaned) run.report.warnings.push(`Empresa «${name}»: se quitaron caracteres invisibles o de control de su nombre`);
    if (takenNames.has(name.toLowerCase())) {
      run.skip('company', key, `Empresa «${name}»: ya existe una empresa con ese nombre en Jobby`);
      continue;
    }
    const domain = parsed.data.contactEmail?.split('@')[1]?.toLowerCase() ?? null;
    const emailDomain =
      domain && !takenDomains.has(domain) && companyDomainProblem(domain, run.options.config) === null ? domain : null;
    if (emailDomain) takenDomains.add(emailDomain);
    const [row] = await run.tx
      .insert(companies)
      .values({
        name,
        emailDomain,
        contactName: parsed.data.contactName,
        contactEmail: parsed.data.contactEmail,
        contactPhone: parsed.data.contactPhone,
        address: parsed.data.address,
        maxUsers: Math.max(1, parsed.data.maxUsers ?? 10),
        status: recordStatusOf(parsed.data.status),
        botEnabled: parsed.data.botEnabled,
        botEnabledAt: parsed.data.botEnabled ? (parsed.data.botEnabledDate ?? run.now) : null,
        createdAt: parsed.data.createdAt ?? run.now,
      })
      .returning({ id: companies.id });
    takenNames.set(name.toLowerCase(), row.id);
    run.companyNames.set(row.id, name);
    run.companyByName.set(name.toLowerCase(), row.id);
    created.push([key, row.id]);
  }
  await run.remember('company', created);
}
