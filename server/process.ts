import { ConfigError, loadConfig, type ServiceConfig } from './config';

export const say = (line: string) => process.stdout.write(`${line}\n`);

/** The configuration from the command line and environment; a mistake in it ends the process with its message. */
export function readConfig(): ServiceConfig {
  try {
    return loadConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`looplabel: ${error.message}\n`);
    process.exit(1);
  }
}

/** On SIGINT or SIGTERM runs `close` and exits; a second signal exits at once. */
export function exitOnSignal(close: () => Promise<unknown>, log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void }): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1); // a second signal: stop waiting
    closing = true;
    log.info({ signal }, 'shutting down');
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Ends the process when starting it failed. */
export function failedToStart(error: unknown): never {
  process.stderr.write(`looplabel: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
