import { describe, expect, it } from 'vitest';
import { companyAdminInputSchema, suggestedAdminEmail } from './companies';

describe("'Crear administrador' starts from a real address", () => {
  it("is admin@ + the company's email domain when it is known, and valid as it stands", () => {
    const email = suggestedAdminEmail({ name: 'Pampa Ltda', emailDomain: 'pampa.cl' });
    expect(email).toBe('admin@pampa.cl');
    expect(companyAdminInputSchema.safeParse({ name: 'Ana', email, password: 'clave123', confirmPassword: 'clave123' }).success).toBe(true);
  });

  it("is the spec's admin@ + the lowercased name, without spaces, for a company without a domain", () => {
    expect(suggestedAdminEmail({ name: ' Pampa Sur ', emailDomain: null })).toBe('admin@pampasur');
  });
});
