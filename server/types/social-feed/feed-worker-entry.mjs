// The feed reading thread from source: Node does not load TypeScript by itself, so tsx loads the thread's module.
// The built service has the thread's built module under this name (scripts/build-service.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./feed-worker.ts', import.meta.url);
