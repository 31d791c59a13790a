// @vitest-environment jsdom
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { firstDataOf } from '../../domain/first-data';
import { FIRST_SCREEN, SCREEN_MODULES, type ScreenModule } from './first-screen';

const web = path.resolve(import.meta.dirname, '..');
const Stub = () => null;

/**
 * The screen modules the router asks for when a tab opens on `pathname`: each of SCREEN_MODULES is
 * replaced by a stub that notes its own loading, then the router is imported afresh on that path.
 */
async function loadedOn(pathname: string): Promise<ScreenModule[]> {
  vi.resetModules();
  window.history.replaceState(null, '', pathname);
  const loaded: ScreenModule[] = [];
  for (const [name, file] of Object.entries(SCREEN_MODULES) as Array<[ScreenModule, string]>) {
    vi.doMock(path.resolve(web, file), () => {
      loaded.push(name);
      return { default: Stub, AppLayout: Stub, RegisterPage: Stub, ForgotPasswordPage: Stub, ResetPasswordPage: Stub, IntegrationsPage: Stub };
    });
  }
  const { firstScreenLoaded } = await import('./router');
  await firstScreenLoaded;
  return loaded.sort();
}

describe('the first screen map the build preloads from (decision 304)', () => {
  it('names modules that exist', () => {
    for (const file of Object.values(SCREEN_MODULES)) expect(existsSync(path.resolve(web, file)), file).toBe(true);
  });

  it('is what the router loads with the main chunk on each path, and nothing on a path it does not name', async () => {
    for (const [prefix, modules] of FIRST_SCREEN) {
      // main.tsx, not the router, loads the first data's queries (decision 331).
      expect(await loadedOn(`${prefix}/x`), prefix).toEqual(modules.filter((module) => module !== 'firstData').sort());
    }
    expect(await loadedOn('/login')).toEqual([]);
  });

  it("names the first data exactly where main.tsx loads it: the paths with first data's queries", () => {
    for (const [prefix, modules] of FIRST_SCREEN) expect(firstDataOf(prefix).length > 0, prefix).toBe(modules.includes('firstData'));
  });

  it('matches a longer prefix before a shorter one it starts with', () => {
    FIRST_SCREEN.forEach(([prefix], index) => {
      const earlier = FIRST_SCREEN.slice(0, index).find(([other]) => prefix.startsWith(other));
      expect(earlier, prefix).toBeUndefined();
    });
  });
});

describe('the page as built (decision 319)', () => {
  const page = readFileSync(path.resolve(import.meta.dirname, '..', 'index.html'), 'utf8');
  const built = (html: string) =>
    html.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n</head>');

  it('shows a loading screen in #root before any script has run', () => {
    expect(page).toMatch(/<div id="root"><div role="status"[^>]*>.*Cargando\.\.\.<\/span><\/div><\/div>/);
  });

  it("links the app's stylesheets after the loading screen, none in the head", async () => {
    const { stylesheetsAfterLoadingScreen } = await import('../../../scripts/first-screen-preload');
    const moved = stylesheetsAfterLoadingScreen(built(page));
    const link = moved.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(link).toBeGreaterThan(moved.indexOf('Cargando...'));
    expect(link).toBeGreaterThan(moved.indexOf('</head>'));
    expect(moved.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(() => stylesheetsAfterLoadingScreen(built('<html><head></head><body></body></html>'))).toThrow(/app-stylesheets/);
  });
});

describe("the landing screens' shared chunk (decision 333)", () => {
  const web = path.resolve(import.meta.dirname, '..');
  const src = (file: string) => path.resolve(web, '..', file);
  const library = (name: string) => path.resolve(web, '..', '..', 'node_modules', name, 'index.js');
  const layout = path.resolve(web, SCREEN_MODULES.appLayout);
  const employee = path.resolve(web, SCREEN_MODULES.employee);

  /** `test` of the group after the build has seen this graph: module → its static imports. */
  async function groupTest(graph: Record<string, string[]>, entry: string) {
    const { landingScreensShared } = await import('../../../scripts/first-screen-preload');
    const { plugin, test } = landingScreensShared(web);
    const context = {
      getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
      getModuleInfo: (id: string) => (id in graph ? { isEntry: id === entry, importedIds: graph[id] } : null),
    };
    (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
    return test;
  }

  it("takes what a landing screen imports, but not the entry's modules, the screens themselves or what reaches a library", async () => {
    const main = src('web/main.tsx');
    const session = src('web/api/session.ts');
    const badges = src('web/components/badges.tsx');
    const plural = src('domain/plural.ts');
    const schemas = src('domain/schemas/me.ts');
    const test = await groupTest(
      {
        [main]: [session, library('react')],
        [session]: [library('react')],
        [layout]: [badges, session, library('react')],
        [employee]: [badges, schemas],
        [badges]: [plural, session, library('react')],
        [plural]: [],
        [schemas]: [library('zod')],
        [library('react')]: [],
        [library('zod')]: [],
      },
      main,
    );
    expect(test(badges)).toBe(true);
    expect(test(plural)).toBe(true);
    expect(test(session)).toBe(false);
    expect(test(layout)).toBe(false);
    expect(test(employee)).toBe(false);
    expect(test(schemas)).toBe(false);
    expect(test(library('zod'))).toBe(false);
  });
});
