import { describe, expect, it } from 'vitest';
import { classifyHost, isPublicAddress } from './public-address.js';
import { WebhookSender } from './webhook-sender.js';

const notice = { type: 't', title: 't', content: '', values: [], timestamp: 0 };

describe('public addresses (SSRF protection of webhooks)', () => {
  it.each(['127.0.0.1', '10.0.0.8', '172.20.1.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])(
    'treats %s as internal',
    (ip) => expect(isPublicAddress(ip)).toBe(false),
  );

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('treats %s as public', (ip) => expect(isPublicAddress(ip)).toBe(true));

  it('classifies host names by what they resolve to', async () => {
    await expect(classifyHost('localhost')).resolves.toBe('internal');
    await expect(classifyHost('[::1]')).resolves.toBe('internal');
    await expect(classifyHost('8.8.8.8')).resolves.toBe('public');
    await expect(classifyHost('no-such-host.invalid')).resolves.toBe('unresolvable');
  });

  it('refuses at send time a host that resolves to loopback, an internal IP literal and plain http', async () => {
    const sender = new WebhookSender(false);
    try {
      await expect(sender.send('https://localhost:9/hook', notice, '')).rejects.toThrow(/non-public address/);
      await expect(sender.send('https://127.0.0.1:9/hook', notice, '')).rejects.toThrow(/not public/);
      await expect(sender.send('http://8.8.8.8/hook', notice, '')).rejects.toThrow(/https/);
    } finally {
      await sender.close();
    }
  });
});
