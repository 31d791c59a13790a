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
