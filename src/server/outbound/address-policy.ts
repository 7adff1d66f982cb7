/**
 * Which addresses the service may call when a client chose the URL (server-side request forgery
 * protection), for every outbound request (outbound/request.ts): webhooks, the MP4 probe of
 * compositions, and the callbacks and targets still to come.
 *
 * A webhook (or a composition item) makes this service send requests to a URL its client chose. Without limits a client
 * could make it call what only the service can reach: its own admin ports, the database, other
 * machines of its private network, or a cloud provider's metadata service (which hands out
 * credentials). So, by default:
 *
 * - refused: loopback (127/8, ::1), private ranges (10/8, 172.16/12, 192.168/16, 100.64/10 shared
 *   address space, fc00::/7), link-local (169.254/16, fe80::/10), unspecified (0.0.0.0/8, ::),
 *   multicast and broadcast addresses;
 * - `OUTBOUND_ALLOW_PRIVATE=true` (alias `WEBHOOKS_ALLOW_PRIVATE`) allows loopback and the private
 *   ranges (a receiver on the same machine or network: development, tests, an on-premises integration);
 * - the cloud metadata address (169.254.169.254, and fd00:ec2::254) is refused always.
 *
 * The check runs when a webhook is registered (400) and again at every delivery, on the addresses
 * the host name resolves to at that moment, inside the connection itself (deliver.ts gives
 * `safeLookup` to the HTTP client): a name that resolved to a public address at registration and
 * to 127.0.0.1 later (DNS rebinding) is refused at delivery. IPv4 addresses written inside IPv6
 * ones (::ffff:127.0.0.1, 64:ff9b::7f00:1) are judged by the IPv4 address they carry. Redirects are
 * not followed (a 3xx answer is a failed attempt), so a receiver cannot send the call elsewhere.
 */
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'multicast' | 'metadata';

export interface AddressPolicy {
  /** Allow loopback and private addresses (OUTBOUND_ALLOW_PRIVATE, alias WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (dns.lookup, as the HTTP client would). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

function blockList(entries: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, type] of entries) list.addSubnet(network, prefix, type);
  return list;
}

const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

/** In the order they are checked: the first match names the kind. */
const KINDS: [AddressKind, BlockList][] = [
  ['unspecified', blockList([['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']])],
  ['loopback', blockList([['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']])],
  [
    'private',
    blockList([
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['100.64.0.0', 10, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
    ]),
  ],
  ['link-local', blockList([['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']])],
  ['multicast', blockList([['224.0.0.0', 4, 'ipv4'], ['240.0.0.0', 4, 'ipv4'], ['ff00::', 8, 'ipv6']])],
];

/** Expands an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0]!;
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible or NAT64), if any. */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 5) && g[5] === 0xffff;
  const compatible = zeros(0, 6) && (g[6]! !== 0 || g[7]! > 1);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !compatible && !nat64) return undefined;
  return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
}

/**
 * Kinds of the addresses seen, by their text: every delivery judges its connection's address again
 * (request.ts), and BlockList.check makes a SocketAddress per list, ~0.15 ms a delivery on the
 * event loop at 150 deliveries/s (issue 27's profile of the writes bench). An address's kind never
 * changes; the map is emptied when it is full rather than grow without end.
 */
const KIND_OF = new Map<string, AddressKind>();
const KINDS_KEPT = 1_000;

/** What kind of address this is; `public` for anything not listed above. */
export function classifyAddress(address: string): AddressKind {
  let kind = KIND_OF.get(address);
  if (kind === undefined) {
    kind = classifyNew(address);
    if (KIND_OF.size >= KINDS_KEPT) KIND_OF.clear();
    KIND_OF.set(address, kind);
  }
  return kind;
}

function classifyNew(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = isIP(bare);
  if (family === 0) throw new Error(`not an IP address: ${address}`);
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return classifyAddress(v4);
  }
  const normal = family === 6 ? (ipv6Groups(bare) ?? []).map((g) => g.toString(16)).join(':') : bare;
  if (METADATA.has(bare) || (family === 6 && normal === 'fd00:ec2:0:0:0:0:0:254')) return 'metadata';
  if (family === 4 && bare === '255.255.255.255') return 'multicast';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [kind, list] of KINDS) if (list.check(bare, type)) return kind;
  return 'public';
}

const DESCRIBE: Record<Exclude<AddressKind, 'public'>, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  multicast: 'a multicast or broadcast address',
  metadata: 'the cloud metadata address',
};

/** Why the address may not be called, or undefined when it may. */
export function refusal(address: string, policy: AddressPolicy): string | undefined {
  const kind = classifyAddress(address);
  if (kind === 'public') return undefined;
  if (policy.allowPrivate && (kind === 'loopback' || kind === 'private')) return undefined;
  const hint = kind === 'loopback' || kind === 'private' ? ' (OUTBOUND_ALLOW_PRIVATE=true allows loopback and private addresses)' : '';
  return `${address} is ${DESCRIBE[kind]}, which the service may not call${hint}`;
}

/** The host of a URL as an address or name (IPv6 without its brackets). */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Checks a URL a client chose: an IP literal directly, a host name on what it resolves to now. A name
 * that does not resolve (yet) passes here; delivery checks it again. Answers the refusal or undefined.
 */
export async function checkUrl(url: URL, policy: AddressPolicy, resolve: Resolver, timeoutMs = 3_000): Promise<string | undefined> {
  const host = urlHost(url);
  if (isIP(host)) return refusal(host, policy);
  // `localhost` and its subdomains are loopback by definition (RFC 6761), whatever DNS says.
  if (/(^|\.)localhost\.?$/i.test(host)) return policy.allowPrivate ? undefined : `${host} is a loopback name, which the service may not call (OUTBOUND_ALLOW_PRIVATE=true allows it)`;
  let addresses: ResolvedAddress[];
  try {
    let timer: NodeJS.Timeout | undefined;
    addresses = await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS time-out')), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  } catch {
    return undefined;
  }
  for (const { address } of addresses) {
    const why = refusal(address, policy);
    if (why) return `${host} resolves to ${why}`;
  }
  return undefined;
}
