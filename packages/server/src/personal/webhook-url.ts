import { ValidationError } from '../http/errors.js';
import { classifyHost } from '../notifications/public-address.js';

export const WebhookUrlRefusal = {
  Invalid: 'webhook_url must be a valid URL',
  NotHttps: 'webhook_url must start with https://',
  NotPublic: 'webhook_url must not point to a private, loopback or otherwise internal address',
  Unresolvable: 'the host of webhook_url cannot be found',
} as const;

/**
 * Checks a user's webhook address (spec 3 §5): https on a host that resolves only to public addresses.
 * With `allowPrivate` (a test-only server flag) plain http and internal hosts are accepted.
 */
export async function checkWebhookUrl(value: string, allowPrivate: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ValidationError(WebhookUrlRefusal.Invalid, { field: 'webhook_url' });
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new ValidationError(WebhookUrlRefusal.NotHttps, { field: 'webhook_url' });
  }
  if (url.username || url.password) throw new ValidationError(WebhookUrlRefusal.Invalid, { field: 'webhook_url' });
  if (allowPrivate) return;
  const host = await classifyHost(url.hostname);
  if (host === 'internal') throw new ValidationError(WebhookUrlRefusal.NotPublic, { field: 'webhook_url' });
  if (host === 'unresolvable') throw new ValidationError(WebhookUrlRefusal.Unresolvable, { field: 'webhook_url' });
}
