import { describe, expect, it } from 'vitest';
import { companyDomainProblem, owningDomain } from './company-domain';

const platform = { staffDomain: 'jobby.cl', providerDomain: 'Jobby.sup' };

describe('companyDomainProblem', () => {
  it("accepts a company's own domain and its subdomains", () => {
    for (const domain of ['andes.cl', 'mail.andes.cl', 'austral.com', 'jobby.cl.andes.cl']) expect(companyDomainProblem(domain, platform), domain).toBeNull();
  });

  it('refuses webmail and disposable-mail domains from the maintained list, and their subdomains', () => {
    for (const domain of ['gmail.com', 'GMAIL.COM', 'hotmail.com', 'outlook.com', 'yahoo.com', 'mailinator.com', 'eu.gmail.com']) {
      expect(companyDomainProblem(domain, platform), domain).toBe('webmail');
    }
  });

  it("refuses the platform's staff and provider domains, and their subdomains", () => {
    for (const domain of ['jobby.cl', 'jobby.sup', 'rrhh.jobby.cl']) expect(companyDomainProblem(domain, platform), domain).toBe('platform');
  });
});

describe('owningDomain (whose mail an address is)', () => {
  const owned = new Set(['andes.cl', 'filial.andes.cl']);
  it('a subdomain is its parent owner\'s, unless a more specific owned domain is its own', () => {
    expect(owningDomain('andes.cl', owned)).toBe('andes.cl');
    expect(owningDomain('sub.andes.cl', owned)).toBe('andes.cl');
    expect(owningDomain('a.b.andes.cl', owned)).toBe('andes.cl');
    expect(owningDomain('filial.andes.cl', owned)).toBe('filial.andes.cl');
    expect(owningDomain('x.filial.andes.cl', owned)).toBe('filial.andes.cl');
  });
  it('a look-alike is nobody\'s', () => {
    for (const domain of ['andes.cl.evil.com', 'xandes.cl', 'andes.com', 'cl']) expect(owningDomain(domain, owned), domain).toBeNull();
  });
});
