import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A module and the modules it imports (type imports, re-exports and dynamic imports included). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.(ts|tsx)$|\.d\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return SOURCE.test(name) && !TEST.test(name) ? [file] : [];
  });
}

const RESOLUTION: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: false, jsx: ts.JsxEmit.ReactJSX };

/** The import graph of every non-test source file under the roots, by the compiler's own reading of the imports. */
export function readImportGraph(roots: readonly string[]): ImportGraph {
  const files = roots.flatMap(sourceFiles).map((file) => path.resolve(file));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, RESOLUTION, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && known.has(path.resolve(target)))
      .map((target) => path.resolve(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The graph's circles: every strongly connected set of two or more modules, or one that imports itself (Tarjan). */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;

  // An explicit stack of (module, position in its imports) keeps a deep graph from overflowing the call stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const frames: { module: string; position: number }[] = [{ module: root, position: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const targets = graph.get(frame.module) ?? [];
      if (frame.position < targets.length) {
        const target = targets[frame.position++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          frames.push({ module: target, position: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.module, Math.min(low.get(frame.module)!, index.get(target)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.module, Math.min(low.get(parent.module)!, low.get(frame.module)!));
      if (low.get(frame.module) !== index.get(frame.module)) continue;
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.module);
      if (members.length > 1 || targets.includes(frame.module)) cycles.push(members.sort());
    }
  }
  return cycles;
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === import.meta.filename;

if (isMain) {
  const roots = process.argv.slice(2);
  const cycles = findCycles(readImportGraph(roots));
  for (const cycle of cycles) console.error(`Modules that import each other in a circle: ${cycle.map((file) => path.relative(process.cwd(), file)).join(', ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log(`No import circle in ${roots.join(', ')} (type imports included).`);
}
