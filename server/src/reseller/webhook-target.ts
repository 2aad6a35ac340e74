/**
 * Where a webhook may go (SSRF guard; ADR 0026). An address is checked when it is saved and
 * again at every delivery, after DNS: every address the name resolves to must be a public
 * unicast one (no private, loopback, link-local, metadata, carrier-grade NAT, multicast,
 * reserved or documentation ranges; in IPv6 only global unicast, and an embedded IPv4 address
 * only in the IPv4-mapped and well-known NAT64 forms, judged as that IPv4 address), and the
 * connection is made to the address that was checked (no second lookup a rebinding DNS could
 * answer differently). Redirects are never followed. https:// only; in sandbox mode a
 * developer's own machine (http(s) to loopback) is allowed unless WEBHOOK_ALLOW_LOOPBACK=0.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { RESELLER_LIMITS, RESELLER_MSG } from '@contract';
import type { AppContext } from '../context.ts';
import { ApiError } from '../platform/http/errors.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
// IPv6: only global unicast (2000::/3) goes out directly, less the special ranges inside it
// below. Everything else is refused: the rest of ::/8 (unspecified, loopback, IPv4-compatible
// ::a.b.c.d, SIIT ::ffff:0:a.b.c.d), 64:ff9b::/32 but the well-known NAT64 /96 (so local-use
// NAT64 64:ff9b:1::/48, whose translator is inside the network), discard 100::/64, SRv6
// 5f00::/16, unique local fc00::/7 (fd00:ec2::254 metadata), link-local, site-local,
// multicast and whatever is not allocated yet. Two forms carry an IPv4 address and are judged
// by it: IPv4-mapped ::ffff:a.b.c.d and the well-known NAT64 prefix 64:ff9b::a.b.c.d.
const blockedGlobal = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32, embeds any IPv4), ORCHID, …
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4, and its relays are anyone's (deprecated, RFC 7526)
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  blockedGlobal.addSubnet(net, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');

/**
 * The eight 16-bit groups of an IPv6 address (`isIP` said it is one), whatever its spelling:
 * `::` anywhere, a dotted IPv4 tail, upper case, a zone (`%eth0`, dropped).
 */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  const groups = (part: string | undefined) =>
    part ? part.split(':').map((h) => parseInt(h, 16)) : [];
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

const allZero = (groups: number[]) => groups.every((g) => g === 0);
const lastIpv4 = (g: number[]) =>
  `${(g[6] ?? 0) >> 8}.${(g[6] ?? 0) & 255}.${(g[7] ?? 0) >> 8}.${(g[7] ?? 0) & 255}`;

export type AddressKind = 'public' | 'loopback' | 'refused';

function classifyIpv4(address: string): AddressKind {
  if (loopback.check(address, 'ipv4')) return 'loopback';
  return blocked.check(address, 'ipv4') ? 'refused' : 'public';
}

function classifyIpv6(address: string): AddressKind {
  const g = ipv6Groups(address);
  const first96 = g.slice(0, 6);
  // IPv4-mapped ::ffff:a.b.c.d: a socket to it is an IPv4 socket to a.b.c.d.
  if (allZero(first96.slice(0, 5)) && g[5] === 0xffff) return classifyIpv4(lastIpv4(g));
  // Well-known NAT64 64:ff9b::a.b.c.d: the translator forwards to a.b.c.d, and must not be
  // asked for an inside address (RFC 6052 forbids it, not every translator refuses).
  if (g[0] === 0x64 && g[1] === 0xff9b && allZero(first96.slice(2))) {
    return classifyIpv4(lastIpv4(g)) === 'public' ? 'public' : 'refused';
  }
  if (allZero(g.slice(0, 7)) && g[7] === 1) return 'loopback';
  if (((g[0] ?? 0) & 0xe000) !== 0x2000) return 'refused';
  const canonical = g.map((h) => h.toString(16)).join(':');
  return blockedGlobal.check(canonical, 'ipv6') ? 'refused' : 'public';
}

/** Is this IP a public unicast address, a loopback one, or refused? */
export function classifyAddress(address: string): AddressKind {
  const family = isIP(address);
  if (family === 4) return classifyIpv4(address);
  return family === 6 ? classifyIpv6(address) : 'refused';
}

export interface TargetPolicy {
  /** Sandbox mode: a developer's machine may receive webhooks (http or https to loopback). */
  allowLoopback: boolean;
  resolve?: Resolve;
}

export const targetPolicy = (ctx: AppContext): TargetPolicy => ({
  allowLoopback: ctx.mode === 'sandbox' && ctx.config.env.WEBHOOK_ALLOW_LOOPBACK !== '0',
});

export interface CheckedTarget {
  url: URL;
  /** The checked address to connect to (never resolved again). */
  address: ResolvedAddress;
}

/** Checks a webhook address; throws a 400 with the reason when it may not be used. */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<CheckedTarget> {
  const badUrl = new ApiError('validation_error', RESELLER_MSG.webhookUrl);
  const refused = new ApiError('validation_error', RESELLER_MSG.webhookRefused);
  if (raw.length > RESELLER_LIMITS.url) throw badUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badUrl;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badUrl;
  // Credentials in the address would be sent to the receiver and shown in the settings.
  if (url.username || url.password) throw badUrl;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw new ApiError('validation_error', RESELLER_MSG.webhookUnresolved);
    }
    if (addresses.length === 0)
      throw new ApiError('validation_error', RESELLER_MSG.webhookUnresolved);
  }
  const kinds = addresses.map((a) => classifyAddress(a.address));
  if (kinds.some((k) => k === 'refused')) throw refused;
  const local = kinds.some((k) => k === 'loopback');
  if (local && (!policy.allowLoopback || kinds.some((k) => k !== 'loopback'))) throw refused;
  // Plain http only to the developer's own machine (sandbox): anything else is https.
  if (url.protocol === 'http:' && !local) throw badUrl;
  return { url, address: addresses[0] as ResolvedAddress };
}
