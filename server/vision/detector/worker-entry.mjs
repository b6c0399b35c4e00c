// The detector's worker thread: Node does not load TypeScript by itself, so tsx loads the worker's module.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
