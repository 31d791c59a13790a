import { describe, expect, it } from 'vitest';
import { canEnterArea, dashboardPath, emailDomainOf, homePath, selfRegisteredLevel } from './levels';

describe('self-registration (decision 27)', () => {
  it('always gives level 3, and a company only to a matching, trusted address', () => {
    expect(selfRegisteredLevel({ domainMatchesCompany: true, addressTrusted: true })).toEqual({ level: 3, joinsCompany: true });
    expect(selfRegisteredLevel({ domainMatchesCompany: true, addressTrusted: false })).toEqual({ level: 3, joinsCompany: false });
    expect(selfRegisteredLevel({ domainMatchesCompany: false, addressTrusted: true })).toEqual({ level: 3, joinsCompany: false });
  });

  it('reads the full domain of an address, lower-cased', () => {
    expect(emailDomainOf('diego@Andes.co.cl')).toBe('andes.co.cl');
    expect(emailDomainOf(' ADMIN@austral.evil ')).toBe('austral.evil');
    expect(emailDomainOf('sin-arroba')).toBeNull();
    expect(emailDomainOf('nada@')).toBeNull();
  });
});

describe('guard rules', () => {
  it('compares levels exactly, with no exception for any address', () => {
    expect(canEnterArea({ level: 1 }, 3)).toBe(false);
    expect(canEnterArea({ level: 3 }, 3)).toBe(true);
    expect(canEnterArea({ level: 3 }, 1)).toBe(false);
    expect(canEnterArea({ level: null }, 1)).toBe(false);
    expect(canEnterArea({ level: 2 }, 1)).toBe(false);
  });

  it('sends each level to its dashboard, and a level 3 user with the survey pending to the survey', () => {
    expect(dashboardPath(1)).toBe('/level1/dashboard');
    expect(dashboardPath(2)).toBe('/level2/dashboard');
    expect(dashboardPath(3, true)).toBe('/level3/dashboard');
    expect(dashboardPath(3, false)).toBe('/level3/survey');
    expect(dashboardPath(4)).toBe('/level4');
    expect(homePath({ level: null, surveyCompleted: false })).toBeNull();
  });
});
