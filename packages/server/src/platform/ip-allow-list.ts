import { BlockList, isIP } from 'node:net';

/**
 * Parses an allow-list of IPs and CIDR ranges (separated by commas, spaces or new lines).
 * Returns null for an empty list (everything allowed); throws on an entry that is not an IP or CIDR.
 */
export function parseAllowList(text: string | null | undefined): BlockList | null {
  const entries = (text ?? '').split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, bits] = entry.split('/');
    const family = isIP(addr);
    if (!family) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) throw new Error(`"${entry}" has an invalid prefix length`);
      list.addSubnet(addr, prefix, type);
    }
  }
  return list;
}

/** True when `ip` (v4, v6 or v4-mapped v6) is on the list. */
export function isAllowed(list: BlockList, ip: string): boolean {
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = isIP(mapped);
  if (!family) return false;
  return list.check(mapped, family === 6 ? 'ipv6' : 'ipv4');
}
