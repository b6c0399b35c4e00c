import type { ServiceConfig } from '../config';
import type { ListeningPort } from '../callbacks/worker';
import type { MediaRow } from '../domain/media';
import { grantedMediaUrl } from '../media/signed-urls';
import type { ModelServerRow } from './settings';

/** A model server's image link lasts this long: enough for a slow queue, short enough to be worth little when copied. */
const IMAGE_LINK_SECONDS = 3600;

/**
 * Where a model server reaches this service: PUBLIC_URL, else the address it listens on (a wildcard listener as
 * loopback, where a server beside it on the same computer finds it).
 */
export function serviceBaseUrl(config: Pick<ServiceConfig, 'publicUrl' | 'host' | 'port'>, listeningPort: ListeningPort): string {
  if (config.publicUrl) return config.publicUrl;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${listeningPort() ?? config.port}`;
}

/** The absolute, signed, expiring link of the media item's original that only this application's server may use. */
export const imageLinkFor = (baseUrl: string, mediaSecret: Buffer, server: ModelServerRow, mediaRow: MediaRow): string =>
  grantedMediaUrl(baseUrl, mediaSecret, mediaRow.originalKey, { applicationId: server.applicationId, grant: server.mediaGrant }, IMAGE_LINK_SECONDS);
