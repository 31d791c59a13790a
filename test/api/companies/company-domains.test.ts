/**
 * A company's email domain: not webmail (the maintained list), not the staff or the
 * provider domain, on creation and on edit; otherwise every self-registered address there would join.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let operator = '';
let andes = '';

beforeAll(async () => {
  ctx = await createTestContext();
  andes = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  operator = await signIn(ctx.app, 'root@jobby.cl');
});
afterAll(async () => ctx.close());

const WEBMAIL = 'El dominio de correo no puede ser de un servicio de correo público (como gmail.com): usa el dominio propio de la empresa';
const RESERVED = 'El dominio de correo no puede ser el de la plataforma ni el de proveedores';
const create = (emailDomain: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/companies', headers: as(operator), payload: { name: `Empresa ${emailDomain}`, contactName: 'Marta Soto', contactEmail: 'marta@cordillera.cl', emailDomain } });
const edit = (id: string, emailDomain: string) => ctx.app.inject({ method: 'PATCH', url: `/api/companies/${id}`, headers: as(operator), payload: { emailDomain } });

describe("a company's email domain", () => {
  it('refuses webmail domains on creation, whatever their case, and creates nothing', async () => {
    for (const domain of ['gmail.com', 'Hotmail.com', 'outlook.com', 'mailinator.com']) {
      const res = await create(domain);
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().error).toEqual({ code: 'COMPANY_DOMAIN_WEBMAIL', message: WEBMAIL });
    }
    expect(await ctx.db.select().from(companies).where(eq(companies.emailDomain, 'gmail.com'))).toHaveLength(0);
  });

  it("refuses the platform's staff and provider domains", async () => {
    for (const domain of [ctx.config.staffDomain, ctx.config.providerDomain]) {
      const res = await create(domain);
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().error).toEqual({ code: 'COMPANY_DOMAIN_RESERVED', message: RESERVED });
    }
  });

  it('refuses the same on an edit and keeps the stored domain', async () => {
    expect((await edit(andes, 'gmail.com')).json().error.code).toBe('COMPANY_DOMAIN_WEBMAIL');
    expect((await edit(andes, 'jobby.sup')).json().error.code).toBe('COMPANY_DOMAIN_RESERVED');
    expect((await ctx.db.select().from(companies).where(eq(companies.id, andes)))[0].emailDomain).toBe('andes.cl');
  });

  it("accepts a company's own domain", async () => {
    const res = await create('cordillera.cl');
    expect(res.statusCode).toBe(200);
    expect(res.json().emailDomain).toBe('cordillera.cl');
    expect((await edit(andes, 'andes.com')).statusCode).toBe(200);
  });
});
