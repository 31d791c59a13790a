/**
 * The services that map a row by naming what they leave out (decision 312) hand their callers exactly
 * the public shape: no company, author or deletion column reaches anyone, even before the HTTP edge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementRuleInputSchema, achievementRuleSchema } from '#domain/schemas/engine';
import { companyBenefitInputSchema, companyBenefitSchema, platformBenefitInputSchema, platformBenefitSchema } from '#domain/schemas/benefits';
import type { Actor } from '#server/actor';
import { createRule, listRules } from '#server/modules/achievements/service';
import { createCompanyBenefit, listCompanyBenefits } from '#server/modules/company-benefits/service';
import { createPlatformBenefit, listPlatformBenefits } from '#server/modules/platform-benefits/service';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { employee } from './ledger-fixtures';
import { actorFromDb } from './service-actors';

let ctx: TestContext;
let admin: Actor;
let hr: Actor;

beforeAll(async () => {
  ctx = await createTestContext();
  const company = await createCompany(ctx.db, 'Andes');
  admin = await actorFromDb(ctx.db, (await employee(ctx, 'root@jobby.cl', null, 1)).id);
  hr = await actorFromDb(ctx.db, (await employee(ctx, 'rrhh@andes.cl', company, 2)).id);
});
afterAll(async () => ctx.close());

const keysOf = (value: object) => Object.keys(value).sort();
const page = { limit: 20, offset: 0 };

describe('what the services hand back is the public shape, key for key', () => {
  it('a company benefit: no company id, no authors', async () => {
    const created = await createCompanyBenefit(ctx.db, companyBenefitInputSchema.parse({ title: 'Gimnasio', description: 'Un mes' }), hr);
    const [listed] = (await listCompanyBenefits(ctx.db, { ...page }, hr)).items;
    expect(keysOf(created)).toEqual(keysOf(companyBenefitSchema.shape));
    expect(keysOf(listed)).toEqual(keysOf(companyBenefitSchema.shape));
    expect(created).not.toHaveProperty('companyId');
  });

  it('a platform benefit: no author', async () => {
    const created = await createPlatformBenefit(ctx.db, platformBenefitInputSchema.parse({ title: 'Almuerzo', description: 'Ejecutivo', type: 'automatic' }), admin);
    const [listed] = (await listPlatformBenefits(ctx.db, { ...page })).items;
    expect(keysOf(created)).toEqual(keysOf(platformBenefitSchema.shape));
    expect(keysOf(listed)).toEqual(keysOf(platformBenefitSchema.shape));
    expect(created).not.toHaveProperty('createdBy');
  });

  it('an achievement rule: no author, no deletion time', async () => {
    const created = await createRule(ctx.db, achievementRuleInputSchema.parse({ name: 'Fin de semana', description: 'Canjea un sábado', conditionType: 'weekend_usage' }), admin);
    const [listed] = (await listRules(ctx.db, page)).items;
    expect(keysOf(created)).toEqual(keysOf(achievementRuleSchema.shape));
    expect(keysOf(listed)).toEqual(keysOf(achievementRuleSchema.shape));
    expect(created).not.toHaveProperty('deletedAt');
  });
});
