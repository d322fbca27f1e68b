import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { Role } from '@gw/contracts';
import { createTestContext, createUser, markSetupDone, type TestContext } from './test-app.js';
import { testDialects } from './test-database.js';

/** `api-key`: called with an API key (sk-…), which no session or access token replaces: 401 for every caller here. */
type Level = 'public' | 'user' | 'admin' | 'root' | 'api-key';

/**
 * The permission map of the management API. Every registered /api route must be listed here, so a new
 * route cannot ship without a stated level, and each level is checked for every role and for anonymous.
 */
const EXPECTED: Record<string, Level> = {
  'GET /api/setup': 'public',
  'POST /api/setup': 'public',
  'GET /api/status': 'public',
  'GET /api/status/health': 'public',
  'GET /api/status/test': 'admin',
  'GET /api/performance/stats': 'root',
  'POST /api/performance/reset_stats': 'root',
  'POST /api/performance/gc': 'root',
  'DELETE /api/performance/disk_cache': 'root',
  'GET /api/performance/logs': 'root',
  'DELETE /api/performance/logs': 'root',
  'GET /api/docs': 'public',
  'GET /api/docs/init.js': 'public',
  'GET /api/docs/openapi.json': 'public',
  'GET /api/docs/assets/:file': 'public',
  'GET /api/notice': 'public',
  'GET /api/about': 'public',
  'GET /api/home_page_content': 'public',
  'GET /api/user-agreement': 'public',
  'GET /api/privacy-policy': 'public',
  'GET /api/uptime/status': 'user',
  'POST /api/user/login': 'public',
  'GET /api/user/logout': 'public',
  'POST /api/user/register': 'public',
  'GET /api/user/groups': 'public',
  'GET /api/verification': 'public',
  'GET /api/oauth/email/bind': 'user',
  'GET /api/reset_password': 'public',
  'POST /api/user/reset': 'public',
  'POST /api/sms/code': 'public',
  'POST /api/user/login/mobile': 'public',
  'POST /api/user/register/mobile': 'public',
  'GET /api/captcha': 'public',
  'POST /api/captcha/check': 'public',
  'GET /api/user/token': 'user',
  'GET /api/user/self': 'user',
  'PUT /api/user/self': 'user',
  'DELETE /api/user/self': 'user',
  'GET /api/user/self/groups': 'user',
  'GET /api/user': 'admin',
  'GET /api/user/search': 'admin',
  'GET /api/user/:id': 'admin',
  'POST /api/user': 'admin',
  'PUT /api/user': 'admin',
  'POST /api/user/manage': 'admin',
  'GET /api/group': 'admin',
  'GET /api/option': 'root',
  'PUT /api/option': 'root',
  'POST /api/option/rest_model_ratio': 'root',
  'GET /api/option/channel_affinity_cache': 'root',
  'DELETE /api/option/channel_affinity_cache': 'root',
  'GET /api/option/response_cache': 'root',
  'DELETE /api/option/response_cache': 'root',
  'GET /api/channel/test/:id': 'root',
  'GET /api/channel/test': 'root',
  'GET /api/channel/update_balance/:id': 'root',
  'GET /api/channel/update_balance': 'root',
  'GET /api/channel': 'root',
  'GET /api/channel/search': 'root',
  'GET /api/channel/types': 'root',
  'GET /api/channel/models': 'root',
  'GET /api/channel/models_enabled': 'root',
  'GET /api/channel/fetch_models/:id': 'root',
  'POST /api/channel/fetch_models': 'root',
  'GET /api/channel/:id': 'root',
  'POST /api/channel/:id/key': 'root',
  'POST /api/channel': 'root',
  'PUT /api/channel': 'root',
  'POST /api/channel/copy/:id': 'root',
  'POST /api/channel/fix': 'root',
  'POST /api/channel/status/batch': 'root',
  'POST /api/channel/:id/status': 'root',
  'DELETE /api/channel/disabled': 'root',
  'POST /api/channel/batch': 'root',
  'DELETE /api/channel/:id': 'root',
  'POST /api/channel/batch/tag': 'root',
  'POST /api/channel/multi_key/manage': 'root',
  'GET /api/channel/health': 'root',
  'POST /api/channel/health/reset': 'root',
  'POST /api/channel/upstream_updates/detect': 'root',
  'POST /api/channel/upstream_updates/detect_all': 'root',
  'POST /api/channel/upstream_updates/apply': 'root',
  'POST /api/channel/upstream_updates/apply_all': 'root',
  'POST /api/channel/ollama/pull': 'root',
  'POST /api/channel/ollama/pull/stream': 'root',
  'DELETE /api/channel/ollama/delete': 'root',
  'GET /api/channel/ollama/version/:id': 'root',
  'POST /api/channel/codex/oauth/start': 'root',
  'POST /api/channel/codex/oauth/complete': 'root',
  'POST /api/channel/:id/codex/refresh': 'root',
  'GET /api/channel/tag/models': 'root',
  'POST /api/channel/tag/enabled': 'root',
  'POST /api/channel/tag/disabled': 'root',
  'PUT /api/channel/tag': 'root',
  'GET /api/log': 'admin',
  'GET /api/log/self': 'user',
  'GET /api/log/stat': 'admin',
  'GET /api/log/self/stat': 'user',
  'GET /api/log/search': 'admin',
  'GET /api/log/self/search': 'user',
  'GET /api/log/channel_affinity_usage_cache': 'admin',
  'GET /api/mj': 'admin',
  'GET /api/mj/self': 'user',
  'GET /api/task': 'admin',
  'GET /api/task/self': 'user',
  'GET /api/log/export': 'admin',
  'GET /api/log/self/export': 'user',
  'GET /api/log/token': 'api-key',
  'GET /api/usage/token': 'api-key',
  'DELETE /api/log': 'root',
  'GET /api/data': 'admin',
  'GET /api/data/self': 'user',
  'GET /api/data/users': 'admin',
  'GET /api/pricing': 'public',
  'GET /api/ratio_config': 'public',
  'GET /api/ratio_sync/channels': 'root',
  'POST /api/ratio_sync/fetch': 'root',
  'GET /api/model_hub': 'public',
  'GET /api/model_hub/admin': 'admin',
  'PUT /api/model_hub/admin': 'admin',
  'GET /api/user/models': 'user',
  'GET /api/models': 'user',
  'GET /api/token': 'user',
  'GET /api/token/search': 'user',
  'GET /api/token/:id': 'user',
  'POST /api/token': 'user',
  'PUT /api/token': 'user',
  'DELETE /api/token/:id': 'user',
  'POST /api/token/batch': 'user',
  'POST /api/token/:id/key': 'user',
  'POST /api/token/batch/keys': 'user',
  'GET /api/redemption': 'admin',
  'GET /api/redemption/search': 'admin',
  'GET /api/redemption/:id': 'admin',
  'POST /api/redemption': 'admin',
  'PUT /api/redemption': 'admin',
  'DELETE /api/redemption/invalid': 'admin',
  'DELETE /api/redemption/:id': 'admin',
  'POST /api/user/topup': 'user',
  'GET /api/user/fuel_pack': 'user',
  'POST /api/user/quota_transfer': 'user',
  'POST /api/user/aff_transfer': 'user',
  'GET /api/user/topup': 'admin',
  'POST /api/user/topup/complete': 'admin',
  'GET /api/user/sessions': 'user',
  'DELETE /api/user/sessions/:sid': 'user',
  'POST /api/user/sessions/revoke-others': 'user',
  'POST /api/system-task/log-cleanup': 'root',
  'GET /api/system-task/list': 'root',
  'GET /api/system-task/current': 'root',
  'GET /api/system-task/:taskId': 'root',
  'GET /api/user/checkin': 'user',
  'POST /api/user/checkin': 'user',
  'GET /api/activity_list': 'user',
  'GET /api/activity': 'admin',
  'POST /api/activity': 'admin',
  'POST /api/activity/reward': 'admin',
  'PUT /api/activity/:id': 'admin',
  'GET /api/supplier': 'user',
  'GET /api/supplier/admin': 'admin',
  'POST /api/supplier/admin': 'admin',
  'PUT /api/supplier/admin/:id': 'admin',
  'GET /api/prefill_group': 'admin',
  'POST /api/prefill_group': 'admin',
  'PUT /api/prefill_group': 'admin',
  'DELETE /api/prefill_group/:id': 'admin',
  'GET /api/models/search': 'admin',
  'GET /api/models/missing': 'admin',
  'GET /api/models/sync_upstream/preview': 'admin',
  'POST /api/models/sync_upstream': 'admin',
  'GET /api/models/:id': 'admin',
  'POST /api/models': 'admin',
  'PUT /api/models': 'admin',
  'DELETE /api/models/:id': 'admin',
  'GET /api/vendors': 'admin',
  'GET /api/vendors/search': 'admin',
  'GET /api/vendors/:id': 'admin',
  'POST /api/vendors': 'admin',
  'PUT /api/vendors': 'admin',
  'DELETE /api/vendors/:id': 'admin',
  'GET /api/subscription/plans': 'user',
  'GET /api/subscription/self': 'user',
  'PUT /api/subscription/self/preference': 'user',
  'POST /api/subscription/balance/pay': 'user',
  'GET /api/subscription/admin/plans': 'admin',
  'POST /api/subscription/admin/plans': 'admin',
  'PUT /api/subscription/admin/plans/:id': 'admin',
  'PATCH /api/subscription/admin/plans/:id': 'admin',
  'POST /api/subscription/admin/bind': 'admin',
  'GET /api/subscription/admin/users/:id/subscriptions': 'admin',
  'POST /api/subscription/admin/users/:id/subscriptions': 'admin',
  'POST /api/subscription/admin/user_subscriptions/:id/invalidate': 'admin',
  'DELETE /api/subscription/admin/user_subscriptions/:id': 'admin',
  'POST /api/subscription/admin/plans/:id/subscriptions/reset': 'admin',
  'POST /api/subscription/admin/users/:id/subscriptions/reset': 'admin',
  'GET /api/user/custom-models/conf': 'user',
  'POST /api/user/custom-models/conf': 'user',
  'PUT /api/user/custom-models/conf/:id': 'user',
  'DELETE /api/user/custom-models/conf/:id': 'user',
  'GET /api/user/custom-models/conf/check': 'user',
  'GET /api/user/custom-models/conf/all': 'admin',
  'POST /api/user/custom-models/models': 'user',
  'GET /api/prompt/suggest': 'user',
  'POST /api/prompt/suggest': 'admin',
  'PUT /api/prompt/suggest/:id': 'admin',
  'DELETE /api/prompt/suggest/:id': 'admin',
  'GET /api/ai-role': 'user',
  'GET /api/ai-role/admin': 'admin',
  'POST /api/ai-role/admin': 'admin',
  'PUT /api/ai-role/admin/:id': 'admin',
  'DELETE /api/ai-role/admin/:id': 'admin',
  'GET /api/application': 'user',
  'GET /api/application/admin': 'admin',
  'POST /api/application/admin': 'admin',
  'POST /api/application/admin/batch': 'admin',
  'PUT /api/application/admin/:id': 'admin',
  'DELETE /api/application/admin/:id': 'admin',
  'GET /api/oauth/state': 'public',
  'GET /api/oauth/github': 'public',
  'GET /api/oauth/google': 'public',
  'GET /api/oauth/linuxdo': 'public',
  'GET /api/oauth/oidc': 'public',
  'GET /api/oauth/discord': 'public',
  'GET /api/oauth/:provider': 'public',
  'GET /api/custom-oauth-provider': 'root',
  'GET /api/custom-oauth-provider/:id': 'root',
  'POST /api/custom-oauth-provider': 'root',
  'PUT /api/custom-oauth-provider/:id': 'root',
  'DELETE /api/custom-oauth-provider/:id': 'root',
  'POST /api/custom-oauth-provider/discovery': 'root',
  'POST /api/auth/external/:provider/jwt/login': 'public',
  'POST /api/auth/external/:provider/header/login': 'public',
  'GET /api/user/oauth/bindings': 'user',
  'GET /api/oauth/telegram/login': 'public',
  'GET /api/oauth/telegram/bind': 'user',
  'GET /api/oauth/wechat': 'public',
  'GET /api/oauth/wechat/bind': 'user',
  'GET /api/oauth/authorize': 'public',
  'GET /api/oauth/authorize/request': 'user',
  'PATCH /api/request_bind': 'user',
  'POST /api/oauth/authorize/token': 'public',
  'GET /api/user/setting': 'user',
  'PUT /api/user/setting': 'user',
  'GET /api/user/2fa/status': 'user',
  'POST /api/user/2fa/setup': 'user',
  'POST /api/user/2fa/enable': 'user',
  'POST /api/user/2fa/disable': 'user',
  'POST /api/user/2fa/backup_codes': 'user',
  'POST /api/user/login/2fa': 'public',
  'GET /api/user/passkey': 'user',
  'POST /api/user/passkey/register/begin': 'user',
  'POST /api/user/passkey/register/finish': 'user',
  'DELETE /api/user/passkey': 'user',
  'DELETE /api/user/passkey/:id': 'user',
  'POST /api/user/passkey/login/begin': 'public',
  'POST /api/user/passkey/login/finish': 'public',
  'POST /api/user/passkey/verify/begin': 'user',
  'POST /api/user/passkey/verify/finish': 'user',
  'POST /api/verify': 'user',
  'GET /api/user/2fa/stats': 'admin',
  'DELETE /api/user/:id/2fa': 'admin',
  'DELETE /api/user/:id/reset_passkey': 'admin',
  'DELETE /api/user/:id/bindings/:binding_type': 'admin',
  'GET /api/user/:id/oauth/bindings': 'admin',
  'DELETE /api/user/:id/oauth/bindings/:provider_id': 'admin',
  'DELETE /api/user/oauth/bindings/:provider_id': 'user',
  'GET /api/user/topup/info': 'user',
  'GET /api/user/topup/self': 'user',
  'POST /api/user/amount': 'user',
  'POST /api/user/pay': 'user',
  'POST /api/user/pay/alipay': 'user',
  'GET /api/user/epay/notify': 'public',
  'POST /api/user/epay/notify': 'public',
  'POST /api/user/alipay/notify': 'public',
  'POST /api/user/stripe/amount': 'user',
  'POST /api/user/stripe/pay': 'user',
  'POST /api/user/creem/pay': 'user',
  'POST /api/stripe/webhook': 'public',
  'POST /api/creem/webhook': 'public',
  'POST /api/subscription/epay/pay': 'user',
  'GET /api/subscription/epay/notify': 'public',
  'POST /api/subscription/epay/notify': 'public',
  'GET /api/subscription/epay/return': 'public',
  'POST /api/subscription/epay/return': 'public',
  'POST /api/subscription/stripe/pay': 'user',
  'POST /api/subscription/creem/pay': 'user',
  'GET /api/subscription/admin/orders': 'admin',
  'POST /api/subscription/admin/orders/complete': 'admin',
  'GET /api/subscription/self/orders': 'user',
};

const ROLES = [
  { name: 'anonymous', role: null },
  { name: 'user', role: Role.User },
  { name: 'admin', role: Role.Admin },
  { name: 'root', role: Role.Root },
] as const;

/** Allowed by level, but refused by a business rule (spec 1 §6: the super administrator cannot be deleted). */
const RULE_REFUSALS = new Set([
  'DELETE /api/user/self as root',
  // Revealing a channel key also needs a fresh 2FA/passkey check (auth/secure-verification.ts).
  'POST /api/channel/:id/key as root',
]);

/** Routes that answer an allowed caller with something other than JSON (CSV downloads). */
const NON_JSON_ROUTES = new Set(['GET /api/user/epay/notify', 'POST /api/user/epay/notify', 'POST /api/user/alipay/notify', 'GET /api/subscription/epay/notify', 'POST /api/subscription/epay/notify', 'GET /api/subscription/epay/return', 'POST /api/subscription/epay/return', 'GET /api/log/export', 'GET /api/log/self/export', 'GET /api/oauth/wechat', 'GET /api/oauth/wechat/bind', 'GET /api/oauth/authorize', 'GET /api/docs', 'GET /api/docs/init.js', 'GET /api/docs/assets/:file']);

const rank: Record<Exclude<Level, 'api-key'>, number> = { public: 0, user: Role.User, admin: Role.Admin, root: Role.Root };

describe.each(testDialects())('permission matrix (%s)', (dialect) => {
  let ctx: TestContext;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {}, {
      onRoute: (r: RouteOptions) => {
        for (const method of [r.method].flat()) {
          if (method !== 'HEAD' && r.url.startsWith('/api/')) routes.push({ method, url: r.url.replace(/\/$/, '') });
        }
      },
    });
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('states a level for every route, and every stated route exists', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect([...registered].filter((r) => !(r in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((r) => !registered.has(r))).toEqual([]);
  });

  it('answers each route for each role as its level says, and never with a 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const level = EXPECTED[`${route.method} ${route.url}`];
      for (const who of ROLES) {
        const headers: Record<string, string> = {};
        if (who.role !== null) {
          const actor = await createUser(ctx.db, { role: who.role });
          const cookie = await ctx.services.sessions.create(actor.id, { ip: '127.0.0.1', userAgent: 'matrix' });
          headers.cookie = `session=${cookie}`;
          headers['new-api-user'] = String(actor.id);
        }
        const target = await createUser(ctx.db);
        const url = route.url.replace(':id', String(target.id));
        const res = await ctx.app.inject({ method: route.method as 'GET', url, headers, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : { id: target.id } });
        const allowed = level === 'api-key' ? false : who.role !== null ? who.role >= rank[level] : level === 'public';
        const label = `${route.method} ${route.url} as ${who.name} → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${label} (server error)`);
        else if (level === 'api-key') {
          if (res.statusCode !== 401) failures.push(`${label} (expected 401 without an API key)`);
        }
        else if (allowed && RULE_REFUSALS.has(`${route.method} ${route.url} as ${who.name}`)) {
          if (res.statusCode !== 403) failures.push(`${label} (expected the rule's 403)`);
        } else if (allowed && (res.statusCode === 401 || res.statusCode === 403)) failures.push(`${label} (should be allowed)`);
        else if (!allowed && who.role === null && res.statusCode !== 401) failures.push(`${label} (expected 401)`);
        else if (!allowed && who.role !== null && res.statusCode !== 403) failures.push(`${label} (expected 403)`);
        const expectsJson = !(allowed && NON_JSON_ROUTES.has(`${route.method} ${route.url}`));
        if (expectsJson && !res.headers['content-type']?.toString().includes('application/json')) failures.push(`${label} (not JSON)`);
      }
    }
    expect(failures).toEqual([]);
  });
});
