import { isLoopbackAddress, type ServiceConfig } from '../../config';
import { callbackAddressRules, userAgentOf, type ListeningPort } from '../../callbacks/worker';
import type { CameraAddressRules } from '../../net/camera-address-rule';
import type { CaptureDeps } from './run-capture';

/** The camera address rule as the configuration sets it (see net/camera-address-rule.ts). */
export function cameraAddressRules(config: ServiceConfig, listeningPort: ListeningPort): CameraAddressRules {
  return {
    allowedNetworks: config.cameraAllowedNetworks ?? [],
    listensOnLoopback: isLoopbackAddress(config.host),
    ownPort: () => listeningPort() ?? config.port,
  };
}

/** What captures are given: cameras follow the camera rule, feeds the callbacks' rule; `stopping` ends them. */
export const captureDeps = (config: ServiceConfig, listeningPort: ListeningPort, stopping: AbortSignal): CaptureDeps => ({
  addresses: { camera: cameraAddressRules(config, listeningPort), callbacks: callbackAddressRules(config, listeningPort) },
  userAgent: userAgentOf(config.build.number),
  stopping,
});
