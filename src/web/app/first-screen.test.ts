import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN, SCREEN_MODULES } from './first-screen';

describe('the first screen map the build preloads from (decision 304)', () => {
  it('names modules that exist and that the router (main.tsx, for the first data) loads lazily', () => {
    const router = readFileSync(path.resolve(import.meta.dirname, 'router.tsx'), 'utf8');
    const main = readFileSync(path.resolve(import.meta.dirname, '..', 'main.tsx'), 'utf8');
    for (const [name, file] of Object.entries(SCREEN_MODULES)) {
      expect(existsSync(path.resolve(import.meta.dirname, '..', file)), file).toBe(true);
      if (name === 'firstData') {
        expect(main).toContain(`import('./${file.replace(/\.ts$/, '')}')`);
        continue;
      }
      // The router's screen of the same name loads the same module.
      const specifier = path.relative(import.meta.dirname, path.resolve(import.meta.dirname, '..', file)).replace(/\.tsx?$/, '');
      expect(router, name).toContain(`${name}: lazyNamed(() => import('${specifier.startsWith('.') ? specifier : `./${specifier}`}')`);
    }
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
