import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import {
  BillingPreferenceBody, BindSubscriptionBody, PlanIdBody, ResetPlanSubscriptionsBody, ResetUserSubscriptionsBody, SubscriptionPlanBody,
  SubscriptionPlanStatusBody,
} from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import { parseId, parseInput } from '../http/validate.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const idOf = (req: { params: unknown }) => parseId((req.params as { id: string }).id);

/**
 * new-api's /api/subscription: plans on sale, the user's subscriptions and billing preference, buying
 * with the balance; under /admin, plans and every user's subscriptions (administrators).
 */
export async function subscriptionsRoutes(app: FastifyInstance, deps: { subscriptions: SubscriptionsService; rateLimit: preHandlerHookHandler }) {
  const { subscriptions } = deps;
  app.get('/plans', { preHandler: requireUser }, async () => ok(await subscriptions.listPlans(true)));
  app.get('/self', { preHandler: requireUser }, async (req) => ok(await subscriptions.selfView(actorOf(req).id)));
  app.put('/self/preference', { preHandler: requireUser }, async (req) =>
    ok(await subscriptions.setPreference(actorOf(req).id, parseInput(BillingPreferenceBody, req.body).billing_preference)),
  );
  app.post('/balance/pay', { preHandler: [requireUser, deps.rateLimit] }, async (req) => {
    const actor = actorOf(req);
    return ok(await subscriptions.buyWithBalance({ id: actor.id, username: actor.username }, parseInput(PlanIdBody, req.body).plan_id), 'subscription bought');
  });

  app.get('/admin/plans', { preHandler: requireAdmin }, async () => ok(await subscriptions.listPlans(false)));
  app.post('/admin/plans', { preHandler: requireAdmin }, async (req) => ok(await subscriptions.createPlan(parseInput(SubscriptionPlanBody, req.body))));
  app.put('/admin/plans/:id', { preHandler: requireAdmin }, async (req) => ok(await subscriptions.updatePlan(idOf(req), parseInput(SubscriptionPlanBody, req.body))));
  app.patch('/admin/plans/:id', { preHandler: requireAdmin }, async (req) => {
    await subscriptions.setPlanEnabled(idOf(req), parseInput(SubscriptionPlanStatusBody, req.body).enabled);
    return ok();
  });
  app.post('/admin/bind', { preHandler: requireAdmin }, async (req) => {
    const body = parseInput(BindSubscriptionBody, req.body);
    return ok(await subscriptions.grant(body.user_id, body.plan_id));
  });
  app.post('/admin/plans/:id/subscriptions/reset', { preHandler: requireAdmin }, async (req) =>
    ok(await subscriptions.resetBudgets(actorOf(req), idOf(req), { advance: parseInput(ResetPlanSubscriptionsBody, req.body ?? {}).advance_reset_time }), 'subscriptions reset'),
  );
  app.post('/admin/users/:id/subscriptions/reset', { preHandler: requireAdmin }, async (req) => {
    const body = parseInput(ResetUserSubscriptionsBody, req.body);
    return ok(await subscriptions.resetBudgets(actorOf(req), body.plan_id, { userId: idOf(req), advance: body.advance_reset_time }), 'subscriptions reset');
  });
  app.get('/admin/users/:id/subscriptions', { preHandler: requireAdmin }, async (req) => ok(await subscriptions.listForUser(idOf(req))));
  app.post('/admin/users/:id/subscriptions', { preHandler: requireAdmin }, async (req) => ok(await subscriptions.grant(idOf(req), parseInput(PlanIdBody, req.body).plan_id)));
  app.post('/admin/user_subscriptions/:id/invalidate', { preHandler: requireAdmin }, async (req) => {
    await subscriptions.invalidate(idOf(req));
    return ok();
  });
  app.delete('/admin/user_subscriptions/:id', { preHandler: requireAdmin }, async (req) => {
    await subscriptions.remove(idOf(req));
    return ok();
  });
}
