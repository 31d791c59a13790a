/**
 * Every screen of the web app, written once (decision 374). The web's router, menus and links, and the
 * server's notification links, read their addresses here: a renamed screen changes in this file only,
 * and a link to a screen that no longer exists fails typecheck. `href` builds an address; a route
 * declaration uses `path` (top level) or `relative` (inside its area, mounted at the area's root).
 * An ESLint rule refuses a `/levelN…` string anywhere else in src (eslint.config.js).
 */

/** A screen's address, the part of it its area's routes declare, and the query parameters it reads. */
export type Screen<Path extends string = string, Search extends string = never> = {
  /** The address the browser shows (`/level1/users/list`), and what a top-level route matches. */
  readonly path: Path;
  /** Below the area's root (`users/list` under `/level1`): what the area's `<Route path>` declares. */
  readonly relative: string;
  /** The query parameters the screen understands; `href` accepts only these. */
  readonly search: readonly Search[];
};

/** The names of a path's `:param` segments (`/a/:id/b/:code` → 'id' | 'code'). */
type ParamName<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type HrefOptions<Path extends string, Search extends string> = {
  /** Left out when undefined; every other value is written with `String()`. */
  search?: Partial<Record<Search, string | number | boolean | undefined>>;
} & ([ParamName<Path>] extends [never] ? { params?: undefined } : { params: Record<ParamName<Path>, string | number> });

/** With `:param` segments, `params` must be given; without, the options are optional. */
type HrefArgs<Path extends string, Search extends string> = [ParamName<Path>] extends [never]
  ? [options?: HrefOptions<Path, Search>]
  : [options: HrefOptions<Path, Search>];

/**
 * The address of `screen`, its `:param` segments filled in and its query appended:
 * `href(paths.hr.benefits)` → '/level2/benefits';
 * `href(paths.employee.wallet, { search: { saldo: 'empresa' } })` → '/level3/wallet?saldo=empresa'.
 */
export function href<Path extends string, Search extends string = never>(screen: Screen<Path, Search>, ...[options]: HrefArgs<Path, Search>): string {
  const params: Record<string, string | number> = options?.params ?? {};
  const path = screen.path.replace(/:(\w+)/g, (_, name: string) => {
    // Typecheck requires every param; a cast that skipped one would otherwise link to '/…/undefined'.
    if (params[name] === undefined) throw new Error(`href: ${screen.path} needs :${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options?.search ?? {})) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** A screen declared at the top of the router (`/login`). */
function topScreen<const Path extends `/${string}`, const Search extends string = never>(path: Path, search: readonly Search[] = []): Screen<Path, Search> {
  return { path, relative: path, search };
}

/** An area (a level's screens under one root, sharing its layout and guard) and the screens inside it. */
function area<const Root extends `/${string}`>(root: Root) {
  return {
    root: { path: root, relative: '', search: [] } as Screen<Root>,
    screen: <const Relative extends string, const Search extends string = never>(relative: Relative, search: readonly Search[] = []): Screen<`${Root}/${Relative}`, Search> => ({
      path: `${root}/${relative}`,
      relative,
      search,
    }),
  };
}

const admin = area('/level1');
const hr = area('/level2');
const employee = area('/level3');
const provider = area('/level4');

export const paths = {
  home: topScreen('/'),
  login: topScreen('/login'),
  register: topScreen('/register'),
  forgotPassword: topScreen('/forgot-password'),
  resetPassword: topScreen('/reset-password'),
  profile: topScreen('/profile'),
  /** Level 1, the platform's operators. */
  admin: {
    root: admin.root,
    dashboard: admin.screen('dashboard'),
    companies: admin.screen('companies'),
    platformBenefits: admin.screen('benefits/jobby'),
    requests: admin.screen('benefits/requests'),
    providers: admin.screen('providers'),
    tokens: admin.screen('tokens'),
    userDiagnostics: admin.screen('users/list'),
    assignLevels: admin.screen('users/assign-levels'),
    achievements: admin.screen('achievements'),
    surveys: admin.screen('surveys'),
    botManagement: admin.screen('bot-management'),
    integrations: admin.screen('integrations'),
    deadEvents: admin.screen('events/dead'),
    /** The Spanish addresses of the two user screens, kept as redirects for old links. */
    oldUserDiagnostics: admin.screen('diagnostico-usuarios'),
    oldAssignLevels: admin.screen('asignar-niveles'),
  },
  /** Level 2, a company's HR. */
  hr: {
    root: hr.root,
    dashboard: hr.screen('dashboard'),
    benefits: hr.screen('benefits'),
    tokens: hr.screen('tokens'),
    users: hr.screen('users'),
    requests: hr.screen('requests'),
    botMessaging: hr.screen('bot-messaging'),
    integrations: hr.screen('integrations'),
  },
  /** Level 3, employees. */
  employee: {
    root: employee.root,
    dashboard: employee.screen('dashboard'),
    benefits: employee.screen('benefits'),
    companyBenefits: employee.screen('company-benefits'),
    requests: employee.screen('requests'),
    /** `saldo`: the balance the person came from ('flexibles' or 'empresa', the header's cards). */
    wallet: employee.screen('wallet', ['saldo']),
    /** The spec's codes screen: a redirect to the requests, where every code lives with its request. */
    tokens: employee.screen('tokens'),
    diagnostic: employee.screen('diagnostic'),
    /** The profile surveys: full-screen, outside the area's layout (declared at the router's top level). */
    survey: employee.screen('survey'),
    surveyB: employee.screen('survey-b'),
  },
  /** Level 4, providers: the portal is the area's root. */
  provider: {
    root: provider.root,
    /** An older address of the portal, kept as a redirect. */
    oldDashboard: provider.screen('dashboard'),
  },
} as const;
