/** What became of a provider's webhook delivery (for the operational log and the HTTP status). */
export type WebhookOutcome =
  | 'credited'
  | 'already_credited'
  /** An expired or failed checkout closed its pending order. */
  | 'closed'
  /** A signed event we do not act on (another event type, a subscription, an order of another system). */
  | 'ignored'
  /** The checkout finished but the money has not arrived yet (an asynchronous payment method). */
  | 'not_paid'
  | 'unknown_order'
  | 'not_configured'
  | 'bad_signature'
  | 'bad_payload';

/**
 * Refused deliveries answer 400 so the provider shows them as failed; everything signed and understood
 * answers 200, including orders we ignore, so the provider stops retrying them.
 */
export function webhookStatus(outcome: WebhookOutcome): 200 | 400 {
  return outcome === 'not_configured' || outcome === 'bad_signature' || outcome === 'bad_payload' ? 400 : 200;
}

/** The message a refused delivery is answered with. */
export const WEBHOOK_REFUSALS: Partial<Record<WebhookOutcome, string>> = {
  not_configured: 'webhook not configured: set its signing secret first',
  bad_signature: 'invalid webhook signature',
  bad_payload: 'the webhook body is not a valid event',
};
