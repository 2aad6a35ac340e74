/**
 * Where a webhook may go (SSRF guard; ADR 0026). An address is checked when it is saved and
 * again at every delivery, after DNS: every address the name resolves to must be a public
 * unicast one (no private, loopback, link-local, metadata, carrier-grade NAT, multicast,
 * reserved or documentation ranges, also when written as IPv4-mapped IPv6 or NAT64), and the
 * connection is made to the address that was checked (no second lookup a rebinding DNS could
 * answer differently). Redirects are never followed. https:// only; in sandbox mode a
 * developer's own machine (http(s) to loopback) is allowed unless WEBHOOK_ALLOW_LOOPBACK=0.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { RESELLER_LIMITS, RESELLER_MSG } from '@contract';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';

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
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4)
  ['fc00::', 7], // unique local (fd00:ec2::254 metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = parseInt(hex[1] as string, 16);
  const lo = parseInt(hex[2] as string, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export type AddressKind = 'public' | 'loopback' | 'refused';

/** Is this IP a public unicast address, a loopback one, or refused? */
export function classifyAddress(address: string): AddressKind {
  const family = isIP(address);
  if (family === 0) return 'refused';
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  if (v4 !== undefined) {
    if (loopback.check(v4, 'ipv4')) return 'loopback';
    return blocked.check(v4, 'ipv4') ? 'refused' : 'public';
  }
  if (loopback.check(address, 'ipv6')) return 'loopback';
  return blocked.check(address, 'ipv6') ? 'refused' : 'public';
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
