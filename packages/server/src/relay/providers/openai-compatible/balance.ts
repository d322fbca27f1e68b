/** Reading account balances that providers expose as one GET returning JSON. */
import type { ChannelInfo, ProviderAdapter, UpstreamRequest } from '../provider-adapter.js';
import { badResponseBody } from './response-body.js';

type Balance = NonNullable<ProviderAdapter['balance']>;

const toNumber = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN);

/** A balance reader: `request` builds the GET, `pick` finds the amount in the parsed answer (numbers or numeric strings). */
export function jsonBalance(request: (channel: ChannelInfo) => UpstreamRequest, pick: (body: any) => unknown): Balance {
  return {
    request,
    parse(raw) {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw badResponseBody(raw.slice(0, 200));
      }
      const amount = toNumber(pick(body));
      if (!Number.isFinite(amount)) throw badResponseBody('no balance in the answer');
      return amount;
    },
  };
}
