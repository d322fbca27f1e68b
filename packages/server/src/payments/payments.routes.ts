import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TopUpAmountBody, TopUpPayBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import { requestOrigin } from '../two-factor/sign-in-session.js';
import type { EpayParams } from './epay.js';
import type { NotifyOutcome, PaymentsService } from './payments.service.js';

export interface PaymentRouteDeps {
  payments: PaymentsService;
  rateLimit: (req: FastifyRequest) => Promise<void>;
}

/** Online top-up, mounted under /api/user (spec 3 §7, new-api §6.7). */
export async function paymentsRoutes(app: FastifyInstance, deps: PaymentRouteDeps) {
  const { payments } = deps;
  // EPay gateways post their notifications as an HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/topup/info', { preHandler: requireUser }, async (req) => ok(payments.info(actorOf(req))));
  app.get('/topup/self', { preHandler: requireUser }, async (req) => ok(await payments.recentOrders(actorOf(req).id)));
  app.post('/amount', { preHandler: requireUser }, async (req) => ok(payments.quote(actorOf(req), parseInput(TopUpAmountBody, req.body).amount)));

  const pay = (alipay: boolean) => async (req: FastifyRequest) => {
    const body = parseInput(TopUpPayBody, req.body);
    const order = await payments.createOrder(actorOf(req), body.amount, body.payment_method || (alipay ? 'alipay' : undefined), requestOrigin(req), alipay);
    // new-api's shape: the form fields in `data`, the gateway address in `url` beside it.
    return { ...ok(order.params, 'success'), url: order.url, trade_no: order.tradeNo };
  };
  app.post('/pay', { preHandler: [requireUser, deps.rateLimit] }, pay(false));
  // Alipay itself when its keys are configured, otherwise EPay's alipay type.
  app.post('/pay/alipay', { preHandler: [requireUser, deps.rateLimit] }, pay(true));

  const notify = (handle: (params: EpayParams) => Promise<NotifyOutcome>) => async (req: FastifyRequest, reply: FastifyReply) => {
    const params = stringParams(req.method === 'GET' ? req.query : req.body);
    let outcome: string;
    try {
      outcome = await handle(params);
    } catch (err) {
      req.log.error({ err, tradeNo: params.out_trade_no }, 'crediting a top-up failed');
      outcome = 'error';
    }
    if (outcome !== 'credited' && outcome !== 'already_credited') req.log.warn({ outcome, tradeNo: params.out_trade_no }, 'refused a payment notification');
    // Both gateways want plain "success" (stop retrying) or "fail".
    return reply.type('text/plain').send(outcome === 'credited' || outcome === 'already_credited' ? 'success' : 'fail');
  };
  const epay = notify((p) => payments.handleEpayNotify(p));
  app.get('/epay/notify', epay);
  app.post('/epay/notify', epay);
  app.post('/alipay/notify', notify((p) => payments.handleAlipayNotify(p)));
}

function stringParams(input: unknown): EpayParams {
  const out: EpayParams = {};
  if (!input || typeof input !== 'object') return out;
  for (const [k, v] of Object.entries(input)) if (typeof v === 'string') out[k] = v;
  return out;
}
