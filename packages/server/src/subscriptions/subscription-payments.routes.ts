import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { CompleteTopUpBody, PageQuery, PlanIdBody, SubscriptionEpayBody, SubscriptionOrderSearchQuery } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import { parseInput } from '../http/validate.js';
import { requestOrigin } from '../two-factor/sign-in-session.js';
import type { EpayParams } from '../payments/epay.js';
import type { SubscriptionNotifyOutcome, SubscriptionPaymentsService } from './subscription-payments.service.js';

export interface SubscriptionPaymentRouteDeps {
  subscriptionPayments: SubscriptionPaymentsService;
  rateLimit: preHandlerHookHandler;
}

/**
 * Buying plans online, mounted under /api/subscription (new-api's paths): the signed-in buyer's pay calls,
 * the EPay gateway's notification and the browser's return, the buyer's own orders, and the administrators'
 * order list and manual completion. Stripe and
 * Creem payments complete through the wallet's webhooks (/api/stripe/webhook, /api/creem/webhook).
 */
export async function subscriptionPaymentsRoutes(app: FastifyInstance, deps: SubscriptionPaymentRouteDeps) {
  const { subscriptionPayments: payments } = deps;
  // EPay gateways post their notifications (and the browser its return) as an HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const buyerOf = (req: FastifyRequest) => {
    const actor = actorOf(req);
    return { id: actor.id, username: actor.username };
  };

  app.post('/epay/pay', { preHandler: [requireUser, deps.rateLimit] }, async (req) => {
    const order = await payments.createEpayOrder(buyerOf(req), parseInput(SubscriptionEpayBody, req.body), requestOrigin(req));
    // The wallet's (and new-api's) shape: the form fields in `data`, the gateway address in `url` beside it.
    return { ...ok(order.params, 'success'), url: order.url, trade_no: order.tradeNo };
  });
  app.post('/stripe/pay', { preHandler: [requireUser, deps.rateLimit] }, async (req) =>
    ok(await payments.createStripeCheckout(buyerOf(req), parseInput(PlanIdBody, req.body).plan_id, requestOrigin(req)), 'success'),
  );
  app.post('/creem/pay', { preHandler: [requireUser, deps.rateLimit] }, async (req) =>
    ok(await payments.createCreemCheckout(buyerOf(req), parseInput(PlanIdBody, req.body).plan_id, requestOrigin(req)), 'success'),
  );

  const settle = async (req: FastifyRequest): Promise<SubscriptionNotifyOutcome | 'error'> => {
    const params = stringParams(req.method === 'GET' ? req.query : req.body);
    let outcome: SubscriptionNotifyOutcome | 'error';
    try {
      outcome = await payments.handleEpayNotify(params);
    } catch (err) {
      req.log.error({ err, tradeNo: params.out_trade_no }, 'completing a subscription order failed');
      outcome = 'error';
    }
    if (outcome !== 'credited' && outcome !== 'already_credited') req.log.warn({ outcome, tradeNo: params.out_trade_no }, 'refused a subscription payment notification');
    return outcome;
  };
  const notify = async (req: FastifyRequest, reply: FastifyReply) => {
    const outcome = await settle(req);
    // The gateway wants plain "success" (stop retrying) or "fail".
    return reply.type('text/plain').send(outcome === 'credited' || outcome === 'already_credited' ? 'success' : 'fail');
  };
  app.get('/epay/notify', notify);
  app.post('/epay/notify', notify);
  // The browser comes back with the same signed fields; the order completes here too when the notification is late.
  const back = async (req: FastifyRequest, reply: FastifyReply) => {
    const outcome = await settle(req);
    const tradeNo = stringParams(req.method === 'GET' ? req.query : req.body).out_trade_no ?? '';
    return reply.redirect(payments.returnAddress(outcome === 'error' ? 'not_paid' : outcome, tradeNo, requestOrigin(req)), 302);
  };
  app.get('/epay/return', back);
  app.post('/epay/return', back);

  app.get('/self/orders', { preHandler: requireUser }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await payments.listUserOrders(actorOf(req).id, p);
    return page(items, total, p);
  });
  app.get('/admin/orders', { preHandler: requireAdmin }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await payments.listOrders(parseInput(SubscriptionOrderSearchQuery, req.query), p);
    return page(items, total, p);
  });
  app.post('/admin/orders/complete', { preHandler: requireAdmin }, async (req) =>
    ok(await payments.completeByAdmin(actorOf(req), parseInput(CompleteTopUpBody, req.body).trade_no), 'order completed'),
  );
}

function stringParams(input: unknown): EpayParams {
  const out: EpayParams = {};
  if (!input || typeof input !== 'object') return out;
  for (const [k, v] of Object.entries(input)) if (typeof v === 'string') out[k] = v;
  return out;
}
