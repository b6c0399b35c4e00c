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

const EXEMPTION = '(an operator may allow camera networks with CAMERA_ALLOWED_NETWORKS)';

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

/** The judge of the addresses a camera URL's host resolves to, at its port. */
export function cameraAddressJudge(rules: CameraAddressRules, port: number): AddressJudge {
  const allowed = networkList(rules.allowedNetworks);
  return (raw) => {
    const address = effectiveAddress(bare(raw));
    const found = classifyAddress(address);
    if (found.kind === 'loopback') {
      if (port === rules.ownPort()) return `${raw} port ${port} is this service itself`;
      return rules.listensOnLoopback ? null : `${raw} is a loopback address, allowed only while the service listens on loopback`;
    }
    if (found.kind === 'public') return null;
    if (/link-local/.test(found.what)) return `${raw} is ${found.what}, which a camera may never be`;
    if (allowed.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6')) return null;
    return `${raw} is ${found.what} ${EXEMPTION}`;
  };
}

/**
 * Why the camera URL may not be fetched, judged by its host as written (an address, a loopback name, a metadata
 * name); null when it may, or when only resolving the name can tell. The message names the URL.
 */
export function cameraUrlRefusal(url: URL, rules: CameraAddressRules): string | null {
  const host = url.hostname.toLowerCase();
  if (METADATA_HOSTS.has(host.replace(/\.$/, ''))) return `The camera URL ${url.href} names a cloud metadata service.`;
  const address = isIP(bare(host)) !== 0 ? host : isLoopbackHost(host) || host.endsWith('.localhost') ? '127.0.0.1' : null;
  const refusal = address === null ? null : cameraAddressJudge(rules, portOf(url))(address);
  return refusal === null ? null : `The camera URL ${url.href} may not be used: ${refusal}.`;
}
