import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { ipRefusal, type FetchPolicy } from './fetch-policy.js';

/** A fetch the SSRF policy did not allow; the message says why. */
export class FetchRefusedError extends Error {
  readonly code = 'EFETCHREFUSED';
  constructor(reason: string) {
    super(`refused by the SSRF protection: ${reason}`);
    this.name = 'FetchRefusedError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` for outgoing connections that judges every address a host resolves to. Checking the
 * address actually connected to (rather than resolving once beforehand) defeats a host that passes the
 * check and then resolves elsewhere (DNS rebinding).
 */
export function guardedLookup(policy: () => FetchPolicy) {
  return function lookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const current = policy();
      const refusal = current.enabled && current.ipFilterForDomains ? list.map((a) => ipRefusal(current, a.address, hostname)).find(Boolean) : null;
      if (refusal) return callback(new FetchRefusedError(refusal), []);
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
