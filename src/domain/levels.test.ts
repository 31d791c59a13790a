import { describe, expect, it } from 'vitest';
import { canEnterArea, companyNameFromEmail, dashboardPath, deriveLevel, homePath } from './levels';

const domains = { staffDomain: 'jobby.cl', providerDomain: 'jobby.sup' };

describe('deriveLevel (part 1 §6)', () => {
  it('gives level 1 to the staff domain, before the admin@ rule', () => {
    expect(deriveLevel('paula@jobby.cl', domains)).toEqual({ level: 1, company: null });
    expect(deriveLevel('admin@jobby.cl', domains)).toEqual({ level: 1, company: null });
  });

  it('gives level 2 to admin@ with a company to find or create', () => {
    expect(deriveLevel('admin@andes.cl', domains)).toEqual({ level: 2, company: { name: 'andes', createIfMissing: true } });
  });

  it('gives level 4 to the provider domain', () => {
    expect(deriveLevel('cafe@jobby.sup', domains)).toEqual({ level: 4, company: null });
  });

  it('gives level 3 to anyone else, joined to an existing company only', () => {
    expect(deriveLevel('camila@andes.cl', domains)).toEqual({ level: 3, company: { name: 'andes', createIfMissing: false } });
  });

  it('ignores case and surrounding spaces', () => {
    expect(deriveLevel('  ADMIN@Andes.CL ', domains).level).toBe(2);
    expect(deriveLevel('Paula@JOBBY.CL', domains).level).toBe(1);
    expect(deriveLevel('Cafe@Jobby.Sup', domains).level).toBe(4);
  });

  it('follows configured domains', () => {
    const other = { staffDomain: 'staff.io', providerDomain: 'partners.io' };
    expect(deriveLevel('ana@staff.io', other).level).toBe(1);
    expect(deriveLevel('ana@partners.io', other).level).toBe(4);
    expect(deriveLevel('ana@jobby.cl', other).level).toBe(3);
  });
});

describe('companyNameFromEmail', () => {
  it('takes the text after @ up to the first dot, lower-cased', () => {
    expect(companyNameFromEmail('diego@Andes.co.cl')).toBe('andes');
    expect(companyNameFromEmail('sin-arroba')).toBeNull();
  });
});

describe('guard rules', () => {
  it('compares levels exactly, except staff into level 1', () => {
    expect(canEnterArea({ level: 1, isStaff: false }, 3)).toBe(false);
    expect(canEnterArea({ level: 3, isStaff: false }, 3)).toBe(true);
    expect(canEnterArea({ level: 3, isStaff: true }, 1)).toBe(true);
    expect(canEnterArea({ level: null, isStaff: true }, 1)).toBe(true);
    expect(canEnterArea({ level: 2, isStaff: false }, 1)).toBe(false);
  });

  it('sends each level to its dashboard, and a level 3 user with the survey pending to the survey', () => {
    expect(dashboardPath(1)).toBe('/level1/dashboard');
    expect(dashboardPath(2)).toBe('/level2/dashboard');
    expect(dashboardPath(3, true)).toBe('/level3/dashboard');
    expect(dashboardPath(3, false)).toBe('/level3/survey');
    expect(dashboardPath(4)).toBe('/level4');
    expect(homePath({ level: null, isStaff: false, surveyCompleted: false })).toBeNull();
    expect(homePath({ level: null, isStaff: true, surveyCompleted: false })).toBe('/level1/dashboard');
  });
});
