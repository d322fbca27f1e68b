import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CreemPayBody, StripeAmountBody, StripePayBody } from '@gw/contracts';
import { ok } from '../../http/envelope.js';
import { actorOf, requireUser } from '../../http/guards.js';
import { parseInput } from '../../http/validate.js';
import { requestOrigin } from '../../two-factor/sign-in-session.js';
import type { CreemCheckoutService } from '../creem/creem-checkout.service.js';
import type { StripeCheckoutService } from '../stripe/stripe-checkout.service.js';
import { WEBHOOK_REFUSALS, webhookStatus, type WebhookOutcome } from './webhook-outcome.js';

export interface CheckoutRouteDeps {
  stripe: StripeCheckoutService;
  creem: CreemCheckoutService;
  rateLimit: (req: FastifyRequest) => Promise<void>;
}

/** Providers' webhook bodies are small; anything larger is not one of theirs. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Stripe and Creem top-up, mounted under /api (new-api's paths): the signed-in buyer's checkout calls
 * under /user, and the providers' public webhooks.
 */
export async function checkoutRoutes(app: FastifyInstance, deps: CheckoutRouteDeps) {
  const { stripe, creem } = deps;
  // new-api's clients look for message "success" on these calls.
  app.post('/user/stripe/amount', { preHandler: requireUser }, async (req) => ok(stripe.quote(parseInput(StripeAmountBody, req.body).amount), 'success'));
  app.post('/user/stripe/pay', { preHandler: [requireUser, deps.rateLimit] }, async (req) =>
    ok(await stripe.createCheckout(actorOf(req), parseInput(StripePayBody, req.body), requestOrigin(req)), 'success'),
  );
  app.post('/user/creem/pay', { preHandler: [requireUser, deps.rateLimit] }, async (req) =>
    ok(await creem.createCheckout(actorOf(req), parseInput(CreemPayBody, req.body), requestOrigin(req)), 'success'),
  );
  await app.register(webhookRoutes, deps);
}

/** The webhooks need the body exactly as sent (signatures cover its bytes), so this scope reads bodies raw. */
async function webhookRoutes(app: FastifyInstance, deps: CheckoutRouteDeps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));

  const webhook = (provider: string, handle: (raw: Buffer, req: FastifyRequest) => Promise<WebhookOutcome>) => async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let outcome: WebhookOutcome;
    try {
      outcome = await handle(raw, req);
    } catch (err) {
      req.log.error({ err, provider }, 'handling a payment webhook failed');
      // A 5xx makes the provider deliver the event again later.
      return reply.status(503).send({ success: false, message: 'the webhook could not be processed; it will be retried' });
    }
    const status = webhookStatus(outcome);
    if (status !== 200 || outcome === 'unknown_order') req.log.warn({ provider, outcome }, 'refused a payment webhook');
    else req.log.info({ provider, outcome }, 'payment webhook handled');
    return reply.status(status).send(status === 200 ? ok(undefined, outcome) : { success: false, message: WEBHOOK_REFUSALS[outcome] ?? outcome });
  };
  app.post('/stripe/webhook', webhook('stripe', (raw, req) => deps.stripe.handleWebhook(raw, headerOf(req, 'stripe-signature'))));
  app.post('/creem/webhook', webhook('creem', (raw, req) => deps.creem.handleWebhook(raw, headerOf(req, 'creem-signature'))));
}

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
