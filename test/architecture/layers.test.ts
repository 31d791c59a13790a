import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, repoRoot, sourceFiles } from './graph';
import { serverViolations, webViolations } from './layers';

/** A small tree in memory, read by the same walk as src (the probes: each rule must be able to fail). */
function probeGraph(tree: Record<string, string>) {
  const root = '/probe';
  const files = Object.keys(tree).map((file) => path.join(root, file));
  const read = (file: string) => tree[path.relative(root, file)];
  const isFile = (file: string) => path.relative(root, file) in tree;
  return { root, graph: importGraph(files, { root, read, isFile, aliases: { '#server/*': './src/server/*.ts', '#web/*': './src/web/*' } }) };
}

describe('the layers (docs/architecture.md §2)', () => {
  it('reports a module importing another module’s internals', () => {
    const { root, graph } = probeGraph({
      'src/server/modules/a/index.ts': "export { a } from './service';",
      'src/server/modules/a/service.ts': "import { b } from '../b/internal';\nexport const a = b;",
      'src/server/modules/b/index.ts': "export { b } from './internal';",
      'src/server/modules/b/internal.ts': 'export const b = 1;',
    });
    expect(serverViolations(graph, root)).toEqual([
      "src/server/modules/a/service.ts → src/server/modules/b/internal.ts: another module's file (import modules/b/index)",
    ]);
  });

  it('reports a folder cycle closed by a dynamic import() through an alias', () => {
    const { root, graph } = probeGraph({
      'src/server/modules/a/index.ts': "export { a } from './service';",
      'src/server/modules/a/service.ts': "import { b } from '../b/index';\nexport const a = b;",
      'src/server/modules/b/index.ts': "export { b } from './internal';",
      'src/server/modules/b/internal.ts': "export const b = () => import('#server/modules/a/index');",
    });
    expect(serverViolations(graph, root)).toEqual(['folder cycle: modules/a → modules/b → modules/a']);
  });

  it('reports a floor importing a module, and a module importing the composition', () => {
    const { root, graph } = probeGraph({
      'src/server/db/client.ts': "import { a } from '../modules/a/index';\nexport const db = a;",
      'src/server/modules/a/index.ts': "export const a = import('../../routes');",
      'src/server/routes.ts': 'export const routes = [];',
    });
    expect(serverViolations(graph, root)).toEqual([
      'src/server/db/client.ts → src/server/modules/a/index.ts: a floor imports a module (imports point down)',
      'src/server/modules/a/index.ts → src/server/routes.ts: a module imports a composition (imports point down)',
    ]);
  });

  it('reports a nested feature importing another feature, and api importing components', () => {
    const { root, graph } = probeGraph({
      'src/web/features/hr/bot/bot-page.tsx': "const page = () => import('../../admin/providers-page');",
      'src/web/features/admin/providers-page.tsx': "import { x } from '#web/app/router';",
      'src/web/app/router.tsx': 'export const x = 1;',
      'src/web/api/offline.ts': "import { y } from '../components/idle';",
      'src/web/components/idle.ts': 'export const y = 1;',
    });
    expect(webViolations(graph, root)).toEqual([
      'src/web/features/hr/bot/bot-page.tsx → src/web/features/admin/providers-page.tsx: a feature imports another feature (compose in src/web/app)',
      'src/web/features/admin/providers-page.tsx → src/web/app/router.tsx: a feature imports app/ (compose in src/web/app)',
      'src/web/api/offline.ts → src/web/components/idle.ts: api/ does not import components/',
    ]);
  });

  const graph = importGraph(sourceFiles(path.join(repoRoot, 'src')));

  it('src/server: no folder cycle, imports point down, modules meet only through their index', () => {
    expect(serverViolations(graph, repoRoot)).toEqual([]);
  });

  it('src/web and src/domain: features stay apart, the shared tiers import no feature', () => {
    expect(webViolations(graph, repoRoot)).toEqual([]);
  });
});
