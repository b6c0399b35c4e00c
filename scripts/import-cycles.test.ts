import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findCycles, readImportGraph } from './import-cycles';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('findCycles', () => {
  it('finds no circle in a graph whose arrows all run one way', () => {
    expect(findCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('finds each circle once with all its modules, and a module that imports itself', () => {
    const cycles = findCycles(graph({ a: ['b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: ['d'], f: ['f'], g: ['a'] }));
    expect(cycles.map((cycle) => cycle.join(' ')).sort()).toEqual(['a b c', 'd e', 'f']);
  });

  it('walks a chain deeper than the call stack', () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 50_000; i++) edges[`m${i}`] = [`m${i + 1}`];
    edges['m50000'] = ['m0'];
    expect(findCycles(graph(edges))[0]).toHaveLength(50_001);
  });
});

describe('readImportGraph', () => {
  it('follows type-only imports and re-exports, and leaves tests out', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'looplabel-cycles-'));
    mkdirSync(path.join(root, 'contract'));
    writeFileSync(path.join(root, 'contract', 'shape.ts'), "import type { Painter } from '../paint';\nexport type Shape = Painter;\n");
    writeFileSync(path.join(root, 'paint.ts'), "export { type Shape } from './contract/shape';\nexport type Painter = () => void;\n");
    writeFileSync(path.join(root, 'paint.test.ts'), "import './paint';\n");
    const cycles = findCycles(readImportGraph([root]));
    expect(cycles.map((cycle) => cycle.map((file) => path.relative(root, file)))).toEqual([[path.join('contract', 'shape.ts'), 'paint.ts']]);
  });
});
