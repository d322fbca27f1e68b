import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { Agent } from 'undici';
import type { WebhookNotification } from '@gw/contracts';
import { isPublicAddress, publicOnlyLookup } from './public-address.js';

export const WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Signature';
const TIMEOUT_MS = 10_000;

/** Hex HMAC-SHA256 of the exact body bytes, keyed by the user's webhook secret. */
export function signWebhookBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export class WebhookError extends Error {}

/**
 * Posts notifications to users' webhooks. Connections go only to public addresses (checked when the
 * socket connects, after DNS), unless `allowPrivate` (tests) is set.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(private readonly allowPrivate: boolean) {
    this.agent = new Agent({
      connect: { timeout: TIMEOUT_MS, ...(allowPrivate ? {} : { lookup: publicOnlyLookup }) },
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
  }

  async send(url: string, notification: WebhookNotification, secret: string): Promise<void> {
    const target = new URL(url);
    if (!this.allowPrivate) {
      if (target.protocol !== 'https:') throw new WebhookError('webhook address must use https');
      const host = target.hostname.replace(/^\[|\]$/g, '');
      // An IP literal is connected to without a lookup, so it is checked here.
      if (isIP(host) && !isPublicAddress(host)) throw new WebhookError('webhook address is not public');
    }
    const body = JSON.stringify(notification);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'model-gateway-webhook' };
    if (secret) headers[WEBHOOK_SIGNATURE_HEADER] = signWebhookBody(body, secret);
    const res = await this.agent.request({ origin: target.origin, path: target.pathname + target.search, method: 'POST', headers, body });
    await res.body.dump();
    if (res.statusCode < 200 || res.statusCode >= 300) throw new WebhookError(`webhook answered HTTP ${res.statusCode}`);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
