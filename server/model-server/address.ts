import { isLoopbackAddress, type ServiceConfig } from '../config';
import { privateNetworkJudge, privateNetworkUrlRefusal, type CameraAddressRules, type GuardedThing } from '../net/camera-address-rule';
import type { FetchPolicy } from '../net/http-fetch';
import { portOf } from '../net/address-rule';
import type { ListeningPort } from '../callbacks/worker';

const MODEL_SERVER: GuardedThing = {
  what: 'a model server',
  url: 'model server URL',
  networks: 'model server networks',
  variable: 'MODEL_BACKEND_ALLOWED_NETWORKS',
};

/**
 * Where a model server may be: the cameras' rule (servers live on private GPU boxes too) with its own list of private
 * networks, MODEL_BACKEND_ALLOWED_NETWORKS; link-local and metadata addresses never, loopback only while the service
 * listens on loopback.
 */
export function modelServerRules(config: ServiceConfig, listeningPort: ListeningPort): CameraAddressRules {
  return {
    allowedNetworks: config.modelServerAllowedNetworks ?? [],
    listensOnLoopback: isLoopbackAddress(config.host),
    ownPort: () => listeningPort() ?? config.port,
  };
}

/** Why a model server URL may not be used, as written; null when it may (a name is judged again when it resolves). */
export const modelServerUrlRefusal = (url: URL, rules: CameraAddressRules): string | null => privateNetworkUrlRefusal(url, rules, MODEL_SERVER);

/** The fetch policy of calls to a model server: every URL and redirect, and every address resolved, by the rule. */
export const modelServerPolicy = (rules: CameraAddressRules): FetchPolicy => ({
  refusalOfUrl: (url) =>
    url.protocol === 'http:' || url.protocol === 'https:' ? modelServerUrlRefusal(url, rules) : `A model server may not redirect to ${url.protocol} URLs.`,
  judgeFor: (url) => privateNetworkJudge(rules, portOf(url), MODEL_SERVER),
});
