// The reference model server (`npm run model-server`) as a child process on a free loopback port, for the specs.
import { spawn } from 'node:child_process';
import { freePort } from './service';

export interface ReferenceServerProcess {
  url: string;
  /** The webhook events it received, in order. */
  webhooks(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startReferenceServer(): Promise<ReferenceServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/model-server/main.ts', '--port', String(port), '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The model server did not start within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`The model server exited with ${code}:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    webhooks: async () => ((await (await fetch(`${url}/metrics`)).json()) as { webhooks: string[] }).webhooks,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
