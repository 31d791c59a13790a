/**
 * Build plugin (decision 304): a tiny `async` script in index.html that, from the page's path, adds
 * `<link rel="modulepreload">` (and `preload` for their CSS) for the chunks of the screen the tab
 * opens on — the modules first-screen.ts names — so they download alongside the main chunk rather
 * than after it has arrived and run. The server stays as it is: one index.html for every path.
 * Its name carries a hash of its content, like every other file under /assets/ (served immutable).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_SCREEN, SCREEN_MODULES } from '../src/web/app/first-screen.js';

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; moduleIds: string[]; imports: string[]; viteMetadata?: { importedCss: Set<string> } };
type Asset = { type: 'asset'; fileName: string; source: string | Uint8Array };

const STYLESHEETS_MARK = /<!-- app-stylesheets:[^>]*-->/;

/**
 * The app's stylesheets, which Vite links in the head, moved to the mark after the loading screen in
 * the body (decision 319): a stylesheet in the head holds back the page's first paint, one in the body
 * only what follows it. The app still starts styled: its module script waits for every stylesheet.
 */
export function stylesheetsAfterLoadingScreen(page: string): string {
  const stylesheets = page.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  if (!STYLESHEETS_MARK.test(page)) throw new Error('first-screen-preload: index.html has no <!-- app-stylesheets: --> mark');
  const withoutThem = stylesheets.reduce((html, link) => html.replace(link, ''), page);
  return withoutThem.replace(STYLESHEETS_MARK, stylesheets.join('\n    '));
}

export function firstScreenPreload(webRoot: string): Plugin {
  return {
    name: 'jobby:first-screen-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const items = Object.values(bundle) as unknown as Array<Chunk | Asset>;
      const chunks = new Map(items.filter((item): item is Chunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
      // A module's chunk: the one it is the facade of, or else the one that holds it (a module that other
      // chunks import statically, such as the first data's queries, has no facade of its own).
      const byModule = new Map([...chunks.values()].flatMap((chunk) => chunk.moduleIds.map((id) => [path.normalize(id), chunk] as const)));
      for (const chunk of chunks.values()) if (chunk.facadeModuleId) byModule.set(path.normalize(chunk.facadeModuleId), chunk);
      const html = bundle['index.html'] as unknown as Asset | undefined;
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!html || !entry) return;

      /** A chunk and everything it imports statically, with their CSS. */
      const closure = (chunk: Chunk, files = new Set<string>()): Set<string> => {
        if (files.has(chunk.fileName)) return files;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) {
          const next = chunks.get(imported);
          if (next) closure(next, files);
        }
        return files;
      };
      // What index.html already loads: the entry and its imports.
      const inPage = closure(entry);
      const screens = FIRST_SCREEN.map(([prefix, modules]) => {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(path.resolve(webRoot, SCREEN_MODULES[module]));
          if (!chunk) throw new Error(`first-screen-preload: no chunk for ${SCREEN_MODULES[module]} (src/web/app/first-screen.ts)`);
          closure(chunk, files);
        }
        return [prefix, [...files].filter((file) => !inPage.has(file))] as const;
      });

      const source = `(function(){var s=${JSON.stringify(screens)},p=location.pathname;for(var i=0;i<s.length;i++)if(p.indexOf(s[i][0])===0){for(var j=0;j<s[i][1].length;j++){var f=s[i][1][j],l=document.createElement("link"),c=/\\.css$/.test(f);l.rel=c?"preload":"modulepreload";if(c)l.as="style";l.crossOrigin="";l.href="/"+f;document.head.appendChild(l)}return}})();\n`;
      const fileName = `assets/first-screen-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      let page = String(html.source);
      const mainScript = page.indexOf('<script type="module"');
      if (mainScript === -1) throw new Error('first-screen-preload: index.html has no module script');
      page = `${page.slice(0, mainScript)}<script async src="/${fileName}"></script>\n    ${page.slice(mainScript)}`;
      html.source = stylesheetsAfterLoadingScreen(page);
    },
  };
}

/**
 * The app's modules that the landing screens' chunks share (decision 333), for a `codeSplitting` group:
 * left to the bundler, each set of chunks that shares a module gets a chunk of its own, and a landing
 * screen downloaded 10–15 of them of 0.1–5 KB, each a request on a phone's six connections. `test`
 * answers once the module graph is known (the plugin's `buildEnd`): a module of src/ that one of
 * FIRST_SCREEN's modules reaches through static imports, which the entry does not (what the entry
 * imports is in the main chunk already) and which reaches no library the entry does not (zod, the
 * phone numbers' rules: a page that needs none of them must not download them for the group).
 */
export function landingScreensShared(webRoot: string): { plugin: Plugin; test: (id: string) => boolean } {
  const shared = new Set<string>();
  const srcRoot = path.resolve(webRoot, '..') + path.sep;
  const plugin: Plugin = {
    name: 'jobby:landing-screens-shared',
    apply: 'build',
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const staticClosure = (from: Iterable<string>, except = new Set<string>()) => {
        const reached = new Set<string>();
        const pending = [...from];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (reached.has(id) || except.has(id)) continue;
          reached.add(id);
          pending.push(...imports(id));
        }
        return reached;
      };
      const inEntry = staticClosure([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      const screens = new Set(FIRST_SCREEN.flatMap(([, modules]) => modules.map((module) => path.resolve(webRoot, SCREEN_MODULES[module]))));
      const isLibrary = (id: string) => !path.normalize(id).startsWith(srcRoot);
      for (const id of staticClosure(screens, inEntry)) {
        if (screens.has(id) || isLibrary(id)) continue;
        if ([...staticClosure([id], inEntry)].some(isLibrary)) continue;
        shared.add(path.normalize(id));
      }
    },
  };
  return { plugin, test: (id) => shared.has(path.normalize(id)) };
}
