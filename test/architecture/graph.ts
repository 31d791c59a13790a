import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of src, read the way the build reads it: relative specifiers and package.json's
 * `#…` aliases, static imports, re-exports, type-only imports (a type loop is still a loop in the
 * design) and dynamic `import()` (ts.preProcessFile reports all of them). ESLint's import plugins
 * need a native resolver the registry here does not serve for every platform (decision 162), so
 * the walk is ours.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : [];
  });
}

/** package.json "imports": `#server/*` → `./src/server/*.ts` and the like (docs/architecture.md §2). */
export type Aliases = Record<string, string>;

export function packageAliases(root = repoRoot): Aliases {
  const { imports = {} } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports?: Aliases };
  return imports;
}

/** The file a specifier names, or null for a package (or a file that does not exist). */
export function resolveImport(
  from: string,
  specifier: string,
  options: { root?: string; aliases?: Aliases; isFile?: (file: string) => boolean } = {},
): string | null {
  const { root = repoRoot, aliases = packageAliases(root), isFile = (file) => existsSync(file) && statSync(file).isFile() } = options;
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('#')) {
    const pattern = Object.keys(aliases).find((key) => key.endsWith('*') && specifier.startsWith(key.slice(0, -1)));
    if (!pattern) return null;
    base = path.resolve(root, aliases[pattern].replace('*', specifier.slice(pattern.length - 1)));
  } else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find(isFile) ?? null;
}

/**
 * File → the files it imports. `read` and `isFile` default to the disk; the probes of
 * layers.test.ts pass an in-memory tree.
 */
export function importGraph(
  files: string[],
  options: { root?: string; aliases?: Aliases; read?: (file: string) => string; isFile?: (file: string) => boolean } = {},
): Map<string, string[]> {
  const { read = (file) => readFileSync(file, 'utf8'), root = repoRoot } = options;
  const aliases = options.aliases ?? packageAliases(root);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(read(file), true, true);
      const targets = importedFiles
        .map(({ fileName }) => resolveImport(file, fileName, { root, aliases, isFile: options.isFile }))
        .filter((target): target is string => target !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Every circle found by a depth-first walk, each as the list of nodes around it. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}
