// The label import's reading thread: Node does not load TypeScript by itself, so tsx loads the thread's module.
import { tsImport } from 'tsx/esm/api';

await tsImport('./parse-worker.ts', import.meta.url);
