// A worker thread's entry: Node does not load TypeScript by itself, so tsx loads the labellers' module.
import { tsImport } from 'tsx/esm/api';

await tsImport('./labellers-worker.ts', import.meta.url);
