import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, repoRoot, sourceFiles } from './graph';

/**
 * The import graph of src has no circle between files (docs/architecture.md §2); the walk is in
 * graph.ts, the folder-level rule in layers.test.ts.
 */
const root = path.join(repoRoot, 'src');

describe('the import graph of src', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has no circle', () => {
    const cycles = findCycles(importGraph(sourceFiles(root))).map((cycle) => cycle.map((file) => path.relative(root, file)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
