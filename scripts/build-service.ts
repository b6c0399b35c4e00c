// `npx tsx scripts/build-service.ts`: the local service bundled by esbuild into build/service (`npm start` builds it
// when it is missing or stale), so that a start runs JavaScript rather than compiling TypeScript through tsx.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { isStale, SERVICE_BUILD } from './staleness.mjs';

const root = path.join(import.meta.dirname, '..');

const SERVICE_BUILD_DIR = path.join(root, path.dirname(SERVICE_BUILD.output));

/**
 * The service, and the module of each of its worker threads under the name of its tsx entry (`worker-entry.mjs`,
 * ...): the service starts a thread with `new URL('./<entry>.mjs', import.meta.url)`, which from source is the
 * entry that loads the thread's TypeScript through tsx, and from the bundle is the thread's built module beside it.
 */
const ENTRY_POINTS = {
  main: 'server/main.ts',
  'worker-entry': 'server/vision/detector/worker.ts',
  'content-worker-entry': 'server/vision/content/worker.ts',
  'scene-worker': 'server/demo/scene-worker.ts',
  'parse-worker-entry': 'server/import/parse-worker.ts',
  'exemplar-worker-entry': 'server/vision/exemplars/worker.ts',
  'reader-worker-entry': 'server/vision/reader/worker.ts',
  'feed-worker-entry': 'server/types/social-feed/feed-worker.ts',
};

/**
 * Modules that read files beside their source (the migrations, the demo's photographs, the app's build) read them
 * there from the bundle too: their `import.meta.dirname` becomes their source folder, relative to the bundle's.
 */
function sourceDirname(outdir: string): Plugin {
  return {
    name: 'source-dirname',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.dirname')) return undefined;
        const folder = JSON.stringify(`/${path.relative(outdir, path.dirname(args.path))}`);
        return { contents: source.replaceAll('import.meta.dirname', `(import.meta.dirname + ${folder})`), loader: 'ts' };
      });
    },
  };
}

/** Bundles the service's own code; packages stay in node_modules, loaded as they are. Returns the files it read. */
export async function buildService(outdir = SERVICE_BUILD_DIR): Promise<string[]> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRY_POINTS,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // what the service loads only when configured so (the S3 store, the PostgreSQL driver) is a chunk of its own
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceDirname(outdir)],
  });
  // Chunks are named by their contents: those of earlier builds go (a running service has loaded its own at start).
  const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(root, file)));
  for (const name of await readdir(outdir)) {
    if (!written.has(path.join(outdir, name))) await rm(path.join(outdir, name));
  }
  return Object.keys(result.metafile.inputs);
}

/** The built service's entry (build/service/main.mjs), built first when it is missing or stale. */
export async function builtService(announce: (line: string) => void = () => undefined): Promise<string> {
  const entry = path.join(root, SERVICE_BUILD.output);
  if (isStale(SERVICE_BUILD)) {
    announce('Building the service (its build is missing or stale)…');
    await buildService();
  }
  return entry;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildService();
