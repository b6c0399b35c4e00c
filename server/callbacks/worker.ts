import { DEFAULT_CALLBACK_CONFIG, isLoopbackAddress, type ServiceConfig } from '../config';
import type { PeriodicJob } from '../jobs/queue';
import type { CallbackAddressRules } from '../net/address-rule';
import type { ServiceContext } from '../service-context';
import { createCallbackDispatcher } from './delivery';

export const userAgentOf = (buildNumber: number) => `looplabel-local-service/1.${buildNumber}`;

/** The port the service listens on, once it does; null before. */
export type ListeningPort = () => number | null;

/**
 * The callback address rule as the configuration sets it: hosts the operator allows, and loopback only while the
 * service listens on loopback, never on the port it listens on (the configured one until it listens).
 */
export function callbackAddressRules(config: ServiceConfig, listeningPort: ListeningPort): CallbackAddressRules {
  const { host, port } = config;
  return {
    allowedHosts: new Set((config.callbacks ?? DEFAULT_CALLBACK_CONFIG).allowedHosts),
    listensOnLoopback: isLoopbackAddress(host),
    ownPort: () => listeningPort() ?? port,
  };
}

/**
 * Delivers the outbox's due posts: every `callbacks.pollMilliseconds` it starts the posts that became due, without
 * waiting for those in flight. Posts are claimed row by row, so any number of workers can deliver at once; a
 * restart loses no pending post. Stopping aborts the posts in flight, which stay pending. None when the interval is 0.
 */
export function callbackDeliveryJob({ db, config, log }: Pick<ServiceContext, 'db' | 'config' | 'log'>, listeningPort: ListeningPort): PeriodicJob | null {
  const settings = config.callbacks ?? DEFAULT_CALLBACK_CONFIG;
  if (settings.pollMilliseconds === 0) return null;
  const report = (error: unknown) => log.error({ err: error }, 'Delivering detection posts failed.');
  const dispatcher = createCallbackDispatcher(
    { db, settings, userAgent: userAgentOf(config.build.number), addresses: callbackAddressRules(config, listeningPort) },
    report,
  );
  return {
    name: 'callback-delivery',
    intervalSeconds: settings.pollMilliseconds / 1000,
    run: () => dispatcher.dispatch(),
    stop: () => dispatcher.stop(),
  };
}
