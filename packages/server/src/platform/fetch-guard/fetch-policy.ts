import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a server-side fetch of an administrator- or user-supplied URL may reach (new-api's
 * `fetch_setting`, its SSRF protection). Filter modes: `true` = only listed entries pass (allow-list),
 * `false` = listed entries are refused (block-list).
 */
export interface FetchPolicy {
  enabled: boolean;
  allowPrivateIp: boolean;
  domainAllowList: boolean;
  domains: readonly string[];
  ipAllowList: boolean;
  /** IPs and CIDR ranges. */
  ips: readonly string[];
  /** "443" or "8000-9000"; empty allows every port. */
  ports: readonly string[];
  /** Also judge the addresses a host name resolves to by the IP rules. */
  ipFilterForDomains: boolean;
}

/** Loopback, private, link-local, shared, multicast and reserved ranges: never reached unless allowed. */
const PRIVATE_RANGES = (() => {
  const list = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ];
  for (const [net, bits] of v4) list.addSubnet(net, bits, 'ipv4');
  const v6: [string, number][] = [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]];
  for (const [net, bits] of v6) list.addSubnet(net, bits, 'ipv6');
  return list;
})();

/** An IP as BlockList wants it: brackets dropped, v4-mapped v6 judged as v4. */
function plainIp(ip: string): { address: string; type: 'ipv4' | 'ipv6' } | null {
  let address = ip.replace(/^\[|\]$/g, '');
  if (address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4) address = address.slice(7);
  const family = isIP(address);
  return family ? { address, type: family === 6 ? 'ipv6' : 'ipv4' } : null;
}

export function isPrivateIp(ip: string): boolean {
  const plain = plainIp(ip);
  return plain !== null && PRIVATE_RANGES.check(plain.address, plain.type);
}

/** Why an IP or CIDR entry is unusable, or null when it is fine. */
export function ipEntryProblem(entry: string): string | null {
  const [addr, bits, extra] = entry.trim().split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return `"${entry}" is not an IP address or CIDR range`;
  if (bits === undefined) return null;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 6 ? 128 : 32) ? null : `"${entry}" has an invalid prefix length`;
}

/** Why a domain entry (example.com, *.example.com) is unusable, or null when it is fine. */
export function domainEntryProblem(entry: string): string | null {
  const label = '[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?';
  const pattern = new RegExp(`^(\\*\\.)?${label}(\\.${label})*$`, 'i');
  return entry.length <= 253 && pattern.test(entry.trim()) ? null : `"${entry}" is not a domain (example.com or *.example.com)`;
}

/** Why a port entry (443, 8000-9000) is unusable, or null when it is fine. */
export function portEntryProblem(entry: string): string | null {
  const m = /^\s*(\d{1,5})\s*(?:-\s*(\d{1,5})\s*)?$/.exec(entry);
  if (!m) return `"${entry}" is not a port or a port range (443, 8000-9000)`;
  const start = Number(m[1]);
  const end = m[2] === undefined ? start : Number(m[2]);
  if (start < 1 || end > 65535) return `"${entry}" is outside 1-65535`;
  if (start > end) return `"${entry}" starts after it ends`;
  return null;
}

function portAllowed(port: number, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  return ranges.some((entry) => {
    const [start, end = start] = entry.split('-').map((s) => Number(s.trim()));
    return port >= start && port <= end;
  });
}

/** Exact names and `*.example.com` (which also covers example.com itself), case-insensitive. */
export function isDomainListed(host: string, list: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return list.some((raw) => {
    const item = raw.trim().toLowerCase();
    if (item === '') return false;
    if (item.startsWith('*.')) {
      const suffix = item.slice(2);
      return name === suffix || name.endsWith(`.${suffix}`);
    }
    return name === item;
  });
}

function isIpListed(ip: string, list: readonly string[]): boolean {
  const plain = plainIp(ip);
  if (!plain || list.length === 0) return false;
  const blocks = new BlockList();
  for (const entry of list) {
    if (ipEntryProblem(entry)) continue;
    const [addr, bits] = entry.trim().split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(addr, type);
    else blocks.addSubnet(addr, Number(bits), type);
  }
  return blocks.check(plain.address, plain.type);
}

/** Why the policy refuses to connect to `ip` (`host` names it in the message), or null. */
export function ipRefusal(policy: FetchPolicy, ip: string, host = ip): string | null {
  const via = host === ip ? ip : `${host} (${ip})`;
  if (!policy.allowPrivateIp && isPrivateIp(ip)) return `${via} is a private or internal address`;
  const listed = isIpListed(ip, policy.ips);
  if (policy.ipAllowList && !listed) return `${via} is not on the IP allow-list`;
  if (!policy.ipAllowList && listed) return `${via} is on the IP block-list`;
  return null;
}

/**
 * The checks that need no DNS: scheme, port, domain lists, and the IP rules for an IP written in the URL.
 * Returns why the URL is refused, or null. Host names are judged by their addresses when connecting.
 */
export function urlRefusal(policy: FetchPolicy, rawUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return `"${rawUrl}" is not a valid URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} URLs are not allowed (only http and https)`;
  if (!policy.enabled) return null;
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!portAllowed(port, policy.ports)) return `port ${port} is not allowed`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return ipRefusal(policy, host);
  const listed = isDomainListed(host, policy.domains);
  if (policy.domainAllowList && !listed) return `${host} is not on the domain allow-list`;
  if (!policy.domainAllowList && listed) return `${host} is on the domain block-list`;
  return null;
}
