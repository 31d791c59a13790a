import { describe, expect, it } from 'vitest';
import { href, paths, type Screen } from './paths';

describe('paths and href (decision 374)', () => {
  it('gives the address a person sees', () => {
    expect(href(paths.hr.benefits)).toBe('/level2/benefits');
    expect(href(paths.admin.assignLevels)).toBe('/level1/users/assign-levels');
    expect(href(paths.provider.root)).toBe('/level4');
    expect(href(paths.login)).toBe('/login');
  });

  it('appends the query parameters a screen reads, leaving out the undefined ones', () => {
    expect(href(paths.employee.wallet, { search: { saldo: 'empresa' } })).toBe('/level3/wallet?saldo=empresa');
    expect(href(paths.employee.wallet, { search: { saldo: undefined } })).toBe('/level3/wallet');
    // @ts-expect-error: the wallet reads no `page` parameter
    href(paths.employee.wallet, { search: { page: 2 } });
  });

  it('fills in and encodes `:param` segments, which are then required', () => {
    const request: Screen<'/level3/requests/:id'> = { path: '/level3/requests/:id', relative: 'requests/:id', search: [] };
    expect(href(request, { params: { id: 'a b/c' } })).toBe('/level3/requests/a%20b%2Fc');
    // @ts-expect-error: the id is missing
    expect(() => href(request)).toThrow();
  });

  it("declares each area's screens below the area's root, so the router's nested routes add up to the address", () => {
    for (const area of [paths.admin, paths.hr, paths.employee, paths.provider]) {
      const { root, ...screens } = area;
      for (const screen of Object.values(screens)) expect(screen.path).toBe(`${root.path}/${screen.relative}`);
    }
  });
});
