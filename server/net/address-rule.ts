import { BlockList, isIP } from 'node:net';
import { isLoopbackHost } from '../../src/api/url-rule';

/**
 * Where the service may post callbacks, beyond the URL shape rule that the app shares (`src/api/url-rule.ts`):
 * never to private, link-local (cloud metadata), shared, unspecified, multicast or reserved addresses, and to
 * loopback only while the service itself listens on loopback, never to its own port. An operator may exempt
 * hosts by name (CALLBACK_ALLOWED_HOSTS). The rule is judged on the URL when it is saved, and again on the
 * addresses its host resolves to when a post is sent (so that a name cannot be re-pointed after it was saved).
 */
export interface CallbackAddressRules {
  /** Host names and addresses, as `URL.hostname` spells them, exempt from the address rule. */
  allowedHosts: ReadonlySet<string>;
  /** Whether the service listens on loopback: only then may callbacks go to loopback (this computer). */
  listensOnLoopback: boolean;
  /** The port the service listens on; a loopback callback to it would post to the service itself. */
  ownPort: () => number;
}

/** A range that callbacks may not reach, with what it is, for messages. */
const REFUSED_RANGES: { network: string; prefix: number; kind: string }[] = [
  { network: '0.0.0.0', prefix: 8, kind: 'an unspecified ("this network") address' },
  { network: '10.0.0.0', prefix: 8, kind: 'a private address' },
  { network: '100.64.0.0', prefix: 10, kind: 'a shared (carrier-grade NAT) address' },
  { network: '169.254.0.0', prefix: 16, kind: 'a link-local address (where cloud metadata services answer)' },
  { network: '172.16.0.0', prefix: 12, kind: 'a private address' },
  { network: '192.0.0.0', prefix: 24, kind: 'a reserved address' },
  { network: '192.0.2.0', prefix: 24, kind: 'a documentation address' },
  { network: '192.168.0.0', prefix: 16, kind: 'a private address' },
  { network: '198.18.0.0', prefix: 15, kind: 'a benchmarking address' },
  { network: '198.51.100.0', prefix: 24, kind: 'a documentation address' },
  { network: '203.0.113.0', prefix: 24, kind: 'a documentation address' },
  { network: '224.0.0.0', prefix: 4, kind: 'a multicast address' },
  { network: '240.0.0.0', prefix: 4, kind: 'a reserved address' },
  { network: '::', prefix: 128, kind: 'the unspecified address' },
  { network: '::', prefix: 96, kind: 'a reserved (IPv4-compatible) address' },
  { network: '100::', prefix: 64, kind: 'a discard address' },
  { network: '64:ff9b:1::', prefix: 48, kind: 'a local-use translation address' },
  { network: '2001:db8::', prefix: 32, kind: 'a documentation address' },
  { network: 'fc00::', prefix: 7, kind: 'a private (unique local) address' },
  { network: 'fe80::', prefix: 10, kind: 'a link-local address' },
  { network: 'fec0::', prefix: 10, kind: 'a site-local address' },
  { network: 'ff00::', prefix: 8, kind: 'a multicast address' },
];

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const refusedLists = REFUSED_RANGES.map((range) => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, range.network.includes(':') ? 'ipv6' : 'ipv4');
  return { list, kind: range.kind };
});

/** Names that always mean a cloud provider's metadata service (which answers on a link-local address). */
export const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** The eight 16-bit groups of an IPv6 address (which may end in a dotted IPv4 address). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 address carries, where packets to it reach that IPv4 address: mapped (`::ffff:a.b.c.d`),
 * the well-known NAT64 prefix (`64:ff9b::/96`) and 6to4 (`2002:AABB:CCDD::/48`).
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

/** The IPv4 address packets to this address reach (see embeddedIpv4), else the address itself. */
export const effectiveAddress = (address: string): string => (isIP(address) === 6 ? (embeddedIpv4(address) ?? address) : address);

type AddressClass = { kind: 'public' } | { kind: 'loopback' } | { kind: 'refused'; what: string };

/** What an IP address (without brackets) is, for the callback rule. */
export function classifyAddress(address: string): AddressClass {
  const family = isIP(address);
  if (family === 0) return { kind: 'refused', what: 'not an IP address' };
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner !== null) return classifyAddress(inner);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return { kind: 'loopback' };
  const refused = refusedLists.find(({ list }) => list.check(address, type));
  return refused ? { kind: 'refused', what: refused.kind } : { kind: 'public' };
}

export const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

const EXEMPTION = '(an operator may allow a host with CALLBACK_ALLOWED_HOSTS)';

/**
 * Why a callback may not go to this address and port; null when it may. `hostAllowed` is whether the URL's host
 * is in CALLBACK_ALLOWED_HOSTS: it lifts the rule, except that the service never posts to its own port.
 */
export function refusalOfAddress(address: string, port: number, rules: CallbackAddressRules, hostAllowed: boolean): string | null {
  const found = classifyAddress(bare(address));
  if (found.kind === 'loopback') {
    if (port === rules.ownPort()) return `${address} port ${port} is this service itself`;
    if (hostAllowed || rules.listensOnLoopback) return null;
    return `${address} is a loopback address, allowed only while the service listens on loopback ${EXEMPTION}`;
  }
  if (found.kind === 'refused' && !hostAllowed) return `${address} is ${found.what} ${EXEMPTION}`;
  return null;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'https:': 443, 'rtsp:': 554 };

export const portOf = (url: URL): number => (url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 80));

export const isAllowedHost = (url: URL, rules: CallbackAddressRules): boolean => rules.allowedHosts.has(url.hostname.toLowerCase());

/**
 * Why a callback URL may not be used, judged by its host as written (an address, or a name that can only mean
 * loopback or a metadata service); null when it may. Other names are judged when they are resolved, at delivery.
 * The message names the URL and what it may not be used for (`use`).
 */
export function refusalOfUrl(raw: string, rules: CallbackAddressRules, use = 'receive callbacks'): string | null {
  if (!URL.canParse(raw)) return `${raw} is not an absolute URL.`;
  const url = new URL(raw);
  const allowed = isAllowedHost(url, rules);
  const host = url.hostname.toLowerCase();
  let address: string | null = null;
  if (isIP(bare(host)) !== 0) address = host;
  else if (isLoopbackHost(host) || host.endsWith('.localhost')) address = '127.0.0.1';
  else if (METADATA_HOSTS.has(host.replace(/\.$/, '')) && !allowed) {
    return `The URL ${raw} may not ${use}: ${host} is a cloud metadata service ${EXEMPTION}.`;
  }
  if (address === null) return null;
  const refusal = refusalOfAddress(address, portOf(url), rules, allowed);
  if (refusal === null) return null;
  return `The URL ${raw} may not ${use}: ${address === host ? '' : `${host} means 127.0.0.1, and `}${refusal}.`;
}

/**
 * Normalizes one CALLBACK_ALLOWED_HOSTS entry to the spelling of `URL.hostname` (lower case, IPv6 in brackets, IPv4
 * in dotted decimal); null when it is not a host.
 */
export function normalizeHost(entry: string): string | null {
  const trimmed = entry.trim();
  if (/[\s/@?#]/.test(trimmed)) return null;
  const host = bare(trimmed).includes(':') ? `[${bare(trimmed)}]` : trimmed;
  if (host === '' || !URL.canParse(`http://${host}/`)) return null;
  const url = new URL(`http://${host}/`);
  return url.host === url.hostname ? url.hostname : null;
}
