import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve('src/web');
const STYLES = path.resolve('node_modules/@mantine/core/styles');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('Mantine styles (src/web/app/mantine-styles.ts)', () => {
  const imported = new Set([...readFileSync(path.join(WEB, 'app/mantine-styles.ts'), 'utf8').matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map((m) => m[1]));

  it('imports the styles of every @mantine/core component the web app uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(WEB)) {
      for (const [, names] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const name of names.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim().split(/\s+as\s+/)[0])) {
          if (/^[A-Z]/.test(name)) used.add(name);
        }
      }
    }
    const missing = [...used].filter((name) => existsSync(path.join(STYLES, `${name}.css`)) && !imported.has(name));
    expect(missing).toEqual([]);
  });

  it('keeps the order of @mantine/core/styles.css', () => {
    const full = readFileSync(path.resolve('node_modules/@mantine/core/styles.css'), 'utf8');
    const positions = [...imported].map((name) => full.indexOf(readFileSync(path.join(STYLES, `${name}.css`), 'utf8').trim().slice(0, 120)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
