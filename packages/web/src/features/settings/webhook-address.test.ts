import { describe, expect, it } from 'vitest';
import { webhookAddress } from './webhook-address';

describe('webhook address shown in the payment settings', () => {
  it('uses the server address, without a trailing slash', () => {
    expect(webhookAddress({ ServerAddress: 'https://api.example.com/' }, '/api/stripe/webhook', 'http://localhost:3000')).toBe('https://api.example.com/api/stripe/webhook');
  });

  it('falls back to the console\'s own origin while no server address is set', () => {
    expect(webhookAddress({ ServerAddress: ' ' }, '/api/creem/webhook', 'http://localhost:3000')).toBe('http://localhost:3000/api/creem/webhook');
    expect(webhookAddress({}, '/api/creem/webhook', 'http://localhost:3000')).toBe('http://localhost:3000/api/creem/webhook');
  });
});
