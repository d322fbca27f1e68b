import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Addresses a user-supplied URL must never reach (SSRF): loopback, private, link-local, shared, multicast, reserved. */
const NON_PUBLIC = (() => {
  const list = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
    ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ];
  for (const [net, bits] of v4) list.addSubnet(net, bits, 'ipv4');
  const v6: [string, number][] = [['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]];
  for (const [net, bits] of v6) list.addSubnet(net, bits, 'ipv6');
  return list;
})();

/** True for an IP address on the public internet (v4-mapped v6 addresses are judged as v4). */
export function isPublicAddress(ip: string): boolean {
  const plain = ip.toLowerCase().startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain);
  if (!family) return false;
  return !NON_PUBLIC.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` replacement for outgoing connections to user-supplied hosts: it refuses any answer with a
 * non-public address, so a host cannot pass the check at save time and resolve to 127.0.0.1 at send time.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused || list.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address`);
      error.code = 'ENOTPUBLIC';
      return callback(error, []);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

/** Resolves a host name (or takes an IP literal): 'public' when every address is public. */
export async function classifyHost(hostname: string): Promise<'public' | 'internal' | 'unresolvable'> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? 'public' : 'internal';
  const addresses = await new Promise<LookupAddress[]>((resolve) => {
    dnsLookup(host, { all: true }, (err, list) => resolve(err ? [] : list));
  });
  if (addresses.length === 0) return 'unresolvable';
  return addresses.every((a) => isPublicAddress(a.address)) ? 'public' : 'internal';
}
