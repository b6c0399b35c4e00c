import { BlockList, isIP } from 'node:net';
import { isLoopbackHost } from '../../src/api/url-rule';
import { bare, classifyAddress, effectiveAddress, METADATA_HOSTS, portOf } from './address-rule';
import type { AddressJudge } from './guarded-lookup';

/**
 * Where the service may fetch a camera's frames. Cameras live on private networks, so the rule is not the callbacks':
 * loopback while the service listens on loopback (never its own port), private and other non-public ranges only inside
 * the networks an operator lists (CAMERA_ALLOWED_NETWORKS, CIDRs), link-local addresses (where cloud metadata
 * services answer) and metadata names never. Judged on the URL as written, and on every address a name resolves to
 * when the service connects.
 */
export interface CameraAddressRules {
  /** CIDRs (`192.168.10.0/24`, `fd00:1::/64`) whose addresses cameras may have. */
  allowedNetworks: readonly string[];
  listensOnLoopback: boolean;
  ownPort: () => number;
}

/** What the rule guards, for its messages: `a camera` and CAMERA_ALLOWED_NETWORKS. */
export interface GuardedThing {
  what: string;
  /** What its URL is called: `camera URL`. */
  url: string;
  /** Whose networks an operator allows: `camera networks`. */
  networks: string;
  /** The environment variable that lists the networks allowed. */
  variable: string;
}

const CAMERA: GuardedThing = { what: 'a camera', url: 'camera URL', networks: 'camera networks', variable: 'CAMERA_ALLOWED_NETWORKS' };

/** A CIDR as `network/prefix`, or null when it is not one. */
export function parseCidr(text: string): { network: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(text.trim());
  if (!match) return null;
  const [, network = '', prefixText = ''] = match;
  const family = isIP(network);
  const prefix = Number(prefixText);
  if (family === 0 || prefix > (family === 4 ? 32 : 128)) return null;
  return { network, prefix, family: family === 4 ? 'ipv4' : 'ipv6' };
}

function networkList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const parsed = parseCidr(cidr);
    if (parsed) list.addSubnet(parsed.network, parsed.prefix, parsed.family);
  }
  return list;
}

/**
 * The judge of the addresses a host resolves to, at its port, for a thing on a private network (a camera, a model
 * server) whose networks an operator lists.
 */
export function privateNetworkJudge(rules: CameraAddressRules, port: number, thing: GuardedThing): AddressJudge {
  const allowed = networkList(rules.allowedNetworks);
  return (raw) => {
    const address = effectiveAddress(bare(raw));
    const found = classifyAddress(address);
    if (found.kind === 'loopback') {
      if (port === rules.ownPort()) return `${raw} port ${port} is this service itself`;
      return rules.listensOnLoopback ? null : `${raw} is a loopback address, allowed only while the service listens on loopback`;
    }
    if (found.kind === 'public') return null;
    if (/link-local/.test(found.what)) return `${raw} is ${found.what}, which ${thing.what} may never be`;
    if (allowed.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6')) return null;
    return `${raw} is ${found.what} (an operator may allow ${thing.networks} with ${thing.variable})`;
  };
}

/** The judge of the addresses a camera URL's host resolves to, at its port. */
export const cameraAddressJudge = (rules: CameraAddressRules, port: number): AddressJudge => privateNetworkJudge(rules, port, CAMERA);

/**
 * Why the URL may not be used, judged by its host as written (an address, a loopback name, a metadata name); null when
 * it may, or when only resolving the name can tell.
 */
export function privateNetworkUrlRefusal(url: URL, rules: CameraAddressRules, thing: GuardedThing): string | null {
  const host = url.hostname.toLowerCase();
  if (METADATA_HOSTS.has(host.replace(/\.$/, ''))) return `The ${thing.url} ${url.href} names a cloud metadata service.`;
  const address = isIP(bare(host)) !== 0 ? host : isLoopbackHost(host) || host.endsWith('.localhost') ? '127.0.0.1' : null;
  const refusal = address === null ? null : privateNetworkJudge(rules, portOf(url), thing)(address);
  return refusal === null ? null : `The ${thing.url} ${url.href} may not be used: ${refusal}.`;
}

/**
 * Why the camera URL may not be fetched, judged by its host as written (an address, a loopback name, a metadata
 * name); null when it may, or when only resolving the name can tell. The message names the URL.
 */
export const cameraUrlRefusal = (url: URL, rules: CameraAddressRules): string | null => privateNetworkUrlRefusal(url, rules, CAMERA);
