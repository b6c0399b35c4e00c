// The text reader's worker thread from source: Node does not load TypeScript by itself, so tsx loads the worker's
// module. The built service has the worker's built module under this name (scripts/build-service.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
