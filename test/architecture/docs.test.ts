import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionsDir, readDecisions, renderIndex } from '../../scripts/decisions-index.mjs';

/**
 * The decisions a newcomer reads and the numbers the code cites stay one thing (decision 386): one
 * file per decision in its shape, an index generated from them, every cited number a file, and the
 * code citing the repository's own docs (decisions, docs/spec) instead of issue numbers.
 */
const root = path.resolve(import.meta.dirname, '../..');
const skip = new Set(['node_modules', 'results', 'screenshots', 'artifacts', 'generated', 'migrations']);

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return skip.has(name) ? [] : files(full, ext);
    return ext.test(name) ? [full] : [];
  });
}

const cited = ['src', 'test', 'e2e', 'scripts', 'bench', 'docs'].flatMap((dir) =>
  files(path.join(root, dir), /\.(ts|tsx|js|mjs|md)$/),
);
/** A file's text with comment and list continuations joined, so a citation broken over two lines reads as one. */
const joined = (file: string) => readFileSync(file, 'utf8').replace(/\n\s*(?:\/\/|\*|#|-|\{\/\*)?\s*/g, ' ');

/** The numbers of "decision 12", "decisions 12 and 14", "decisions 12, 14", "decisions 12–14" (a range: its ends). */
export function citedDecisions(text: string): number[] {
  const numbers: number[] = [];
  for (const [, list] of text.matchAll(/\b[Dd]ecisions? (\d+(?:(?:, and |, | and |–|-)\d+)*)/g)) {
    numbers.push(...list.split(/, and |, | and |–|-/).map(Number));
  }
  return numbers;
}

describe('docs/decisions', () => {
  const { decisions, problems } = readDecisions();

  it('every decision file has the shape: # NNNN. Title, Status, Area from the list, Date', () => {
    expect(decisions.length).toBeGreaterThan(250);
    expect(problems).toEqual([]);
  });

  it('the index is current (npm run docs:decisions)', () => {
    expect(readFileSync(path.join(decisionsDir, 'README.md'), 'utf8')).toBe(renderIndex(decisions));
  });

  it('a superseding decision exists', () => {
    const numbers = new Set(decisions.map((d) => d.number));
    const missing = decisions.flatMap((d) =>
      [...d.status.matchAll(/\d{4}/g)].map(([n]) => Number(n)).filter((n) => !numbers.has(n)).map((n) => `${d.file} → ${n}`),
    );
    expect(missing).toEqual([]);
  });

  it('every decision cited in src, test, e2e, scripts, bench and docs is a file', () => {
    const numbers = new Set(decisions.map((d) => d.number));
    const missing = cited.flatMap((file) =>
      citedDecisions(joined(file))
        .filter((n) => !numbers.has(n))
        .map((n) => `${path.relative(root, file)}: decision ${n}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('reads the citation forms the code uses', () => {
    expect(citedDecisions('decision 12; decisions 14 and 15, decisions 16, 17, and 18; Decisions 20–22; decision 5-6')).toEqual([
      12, 14, 15, 16, 17, 18, 20, 22, 5, 6,
    ]);
  });
});

describe('citations in the code', () => {
  const sections = new Map(
    [1, 2].map((part) => {
      const [file] = readdirSync(path.join(root, 'docs/spec')).filter((name) => name.startsWith(`part-${part}-`));
      const text = readFileSync(path.join(root, 'docs/spec', file), 'utf8');
      return [part, new Set([...text.matchAll(/^## (\d+)\./gm)].map(([, n]) => Number(n)))];
    }),
  );

  it('every "spec part N §M" names a section of docs/spec', () => {
    const missing = cited.flatMap((file) =>
      [...joined(file).matchAll(/\b[Ss]pec part (\d+) §(\d+)/g)]
        .filter(([, part, section]) => !sections.get(Number(part))?.has(Number(section)))
        .map(([citation]) => `${path.relative(root, file)}: ${citation}`),
    );
    expect(missing).toEqual([]);
  });

  // The migrations are left as they were applied: a migration file is history, not read as guidance.
  it('no code cites an issue number or a "part N §M" outside docs/spec', () => {
    const found = ['src', 'test', 'e2e', 'scripts', 'bench']
      .flatMap((dir) => files(path.join(root, dir), /\.(ts|tsx|mjs|js|html)$/))
      .flatMap((file) =>
        [...joined(file).matchAll(/\b[Ii]ssues? \d+|(?<![Ss]pec )\bpart \d+ §\d+/g)].map(([citation]) => `${path.relative(root, file)}: ${citation}`),
      );
    expect(found).toEqual([]);
  });
});
