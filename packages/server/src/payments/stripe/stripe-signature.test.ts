import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkStripeSignature } from './stripe-signature.js';

const SECRET = 'whsec_unit';
const NOW = 1_750_000_000;
const body = Buffer.from('{"id":"evt_1","type":"checkout.session.completed"}');
const v1 = (t: number, secret = SECRET) => createHmac('sha256', secret).update(`${t}.${body.toString()}`).digest('hex');

describe('Stripe-Signature check', () => {
  it('accepts a signature of the raw body at the signed time', () => {
    expect(checkStripeSignature(body, `t=${NOW},v1=${v1(NOW)}`, SECRET, NOW)).toBe('valid');
  });

  it('accepts any one matching v1 among several (Stripe signs with old and new secrets while they roll)', () => {
    expect(checkStripeSignature(body, `t=${NOW},v1=${v1(NOW, 'whsec_old')},v1=${v1(NOW)},v0=deadbeef`, SECRET, NOW)).toBe('valid');
  });

  it('refuses a timestamp more than five minutes away, either way', () => {
    expect(checkStripeSignature(body, `t=${NOW - 301},v1=${v1(NOW - 301)}`, SECRET, NOW)).toBe('too_old');
    expect(checkStripeSignature(body, `t=${NOW + 301},v1=${v1(NOW + 301)}`, SECRET, NOW)).toBe('too_old');
    expect(checkStripeSignature(body, `t=${NOW - 300},v1=${v1(NOW - 300)}`, SECRET, NOW)).toBe('valid');
  });

  it('refuses a signature for another timestamp, another secret or only a v0 scheme', () => {
    expect(checkStripeSignature(body, `t=${NOW},v1=${v1(NOW - 1)}`, SECRET, NOW)).toBe('mismatch');
    expect(checkStripeSignature(body, `t=${NOW},v1=${v1(NOW, 'whsec_other')}`, SECRET, NOW)).toBe('mismatch');
    expect(checkStripeSignature(body, `t=${NOW},v0=${v1(NOW)}`, SECRET, NOW)).toBe('malformed');
  });

  it('refuses missing and malformed headers', () => {
    for (const header of [undefined, '', 'garbage', `v1=${v1(NOW)}`, `t=soon,v1=${v1(NOW)}`]) {
      expect(checkStripeSignature(body, header, SECRET, NOW)).toBe('malformed');
    }
  });
});
