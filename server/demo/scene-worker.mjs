// A scene worker thread's entry: Node does not load TypeScript by itself, so tsx loads the worker's module.
import { tsImport } from 'tsx/esm/api';

await tsImport('./scene-worker.ts', import.meta.url);
