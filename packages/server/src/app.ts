import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Redis } from 'ioredis';
import type { Config } from './config/config.schema.js';
import type { Db } from './db/database.js';
import { loggerOptions } from './platform/logger.js';
import { randomAlphanumeric } from './platform/crypto.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './platform/rate-limiter.js';
import { consoleErrorHandler } from './http/console-error-handler.js';
import { requestContext } from './http/request-context.js';
import { DbSessionStore, RedisSessionStore, type SessionStore } from './auth/session-store.js';
import { AuthService } from './auth/auth.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { authRateLimit } from './auth/auth-rate-limit.js';
import { OptionsService } from './options/options.service.js';
import { APP_VERSION, SetupService } from './setup/setup.service.js';
import { setupRoutes } from './setup/setup.routes.js';
import { StatusService } from './status/status.service.js';
import { statusRoutes } from './status/status.routes.js';
import { staticRoutes } from './static/static.routes.js';
import { UsersService } from './users/users.service.js';
import { usersRoutes } from './users/users.routes.js';
import { groupsRoutes } from './groups/groups.routes.js';
import { optionsRoutes } from './options/options.routes.js';
import { BillingService } from './billing/billing.service.js';
import { THINKING_SUFFIX, normalizeModelName } from './billing/model-name.js';
import { ChannelRoutingService } from './channels/channel-routing.service.js';
import { ChannelHealthTracker } from './channels/channel-health.js';
import { UpstreamHttpClient } from './platform/http-client.js';
import { GoogleAuth } from './relay/http/google-auth.js';
import { getAdapter } from './relay/providers/registry.js';
import { UserRequestLimiter } from './relay/pipeline/user-request-limit.js';
import type { RelayDeps } from './relay/pipeline/relay-deps.js';
import { ApiKeyCache } from './relay/pipeline/api-key-cache.js';
import { nextRequestId } from './platform/request-id.js';
import { ChangeEvents } from './platform/change-events.js';
import { relayRoutes } from './relay/relay.routes.js';
import { ChannelTester } from './relay/channel-test/channel-tester.js';
import { channelTestRoutes } from './relay/channel-test/channel-test.routes.js';
import { usableGroups } from './groups/groups.service.js';
import { LogsService } from './logs/logs.service.js';
import { logsRoutes } from './logs/logs.routes.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { QuotaDataAggregator } from './dashboard/quota-data-aggregator.js';
import { PricingService } from './pricing/pricing.service.js';
import { ModelHubService } from './pricing/model-hub.service.js';
import { pricingRoutes } from './pricing/pricing.routes.js';
import { TokensService } from './tokens/tokens.service.js';
import { tokensRoutes } from './tokens/tokens.routes.js';
import { RedemptionsService } from './redemptions/redemptions.service.js';
import { redeemRoutes, redemptionsRoutes } from './redemptions/redemptions.routes.js';

export interface AppDeps {
  config: Config;
  db: Db;
  redis?: Redis;
}

/** Every long-lived service, built once per process (and once per test app). */
export interface Services {
  options: OptionsService;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  auth: AuthService;
  setup: SetupService;
  status: StatusService;
  users: UsersService;
  /** Announces changed users and tokens to in-memory caches. */
  events: ChangeEvents;
  billing: BillingService;
  routing: ChannelRoutingService;
  health: ChannelHealthTracker;
  upstream: UpstreamHttpClient;
  limiter: UserRequestLimiter;
  logs: LogsService;
  dashboard: DashboardService;
  /** Folds consume logs into the dashboard's hourly table every DataExportInterval minutes. */
  quotaData: QuotaDataAggregator;
  pricing: PricingService;
  modelHub: ModelHubService;
  tokens: TokensService;
  redemptions: RedemptionsService;
  /** Stops background work (hold maintenance, periodic reloads) and closes upstream connections. */
  stop(): Promise<void>;
}

/** Seconds between the periodic refreshes that pick up changes made by other nodes. */
const SYNC_SECONDS = 60;

export async function createServices({ config, db, redis }: AppDeps): Promise<Services> {
  const options = new OptionsService(db);
  await options.load();
  const newSessionId = () => randomAlphanumeric(48);
  const sessions = redis ? new RedisSessionStore(redis, newSessionId) : new DbSessionStore(db, newSessionId);
  const rateLimiter = redis ? new RedisRateLimiter(redis) : new MemoryRateLimiter();
  const setup = new SetupService(db, options, config.databaseType);
  const events = new ChangeEvents();
  const billing = new BillingService(db, undefined, { onError: (err) => console.error('settlement batch failed; retrying', err) });
  await billing.reconcileStaleHolds(10 * SYNC_SECONDS);
  const stopHolds = billing.startHoldMaintenance({ intervalSeconds: SYNC_SECONDS, staleAfterSeconds: 10 * SYNC_SECONDS });
  // A model with no exact channel routes under its pricing name, and a "-thinking" model under its base model.
  const routeName = (m: string) => {
    const n = normalizeModelName(m);
    return n !== m ? n : m.endsWith(THINKING_SUFFIX) ? m.slice(0, -THINKING_SUFFIX.length) : m;
  };
  const routing = new ChannelRoutingService(db, { normalize: routeName });
  await routing.reload();
  routing.startPeriodicReload(SYNC_SECONDS * 1000);
  const logs = new LogsService(db);
  logs.counters.start();
  const quotaData = new QuotaDataAggregator(db, options);
  quotaData.start();
  const upstream = new UpstreamHttpClient({
    connectTimeoutMs: config.relayConnectTimeoutMs,
    headersTimeoutMs: config.relayFirstByteTimeoutMs,
    bodyIdleTimeoutMs: config.relayIdleTimeoutMs,
  });
  return {
    options,
    sessions,
    rateLimiter,
    setup,
    auth: new AuthService(db, options),
    status: new StatusService(options, setup),
    users: new UsersService(db, options, sessions, { events }),
    events,
    billing,
    routing,
    health: new ChannelHealthTracker(),
    upstream,
    limiter: new UserRequestLimiter(options, rateLimiter),
    logs,
    dashboard: new DashboardService(db),
    quotaData,
    pricing: new PricingService(db, options, routing),
    modelHub: new ModelHubService(db),
    tokens: new TokensService(db, options, events),
    redemptions: new RedemptionsService(db, options, events),
    async stop() {
      await billing.drain();
      await stopHolds();
      await quotaData.stop();
      await logs.counters.stop();
      routing.stopPeriodicReload();
      await upstream.close();
    },
  };
}

/** Builds the Fastify app with every route. Tests call this and use `app.inject()`. */
export interface BuildOptions {
  services?: Services;
  /** Called for every registered route (the permission-matrix test uses it). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, db } = deps;
  const s = opts.services ?? (await createServices(deps));
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: Math.floor(config.bodyLimitMb * 1024 * 1024),
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    genReqId: () => nextRequestId(),
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setErrorHandler(consoleErrorHandler);
  await app.register(fastifyCookie);
  await app.register(requestContext, { db, sessions: s.sessions });

  const rateLimit = authRateLimit(s.rateLimiter, config.authRateLimitPerMinute);
  await app.register(async function api(api) {
    await api.register(setupRoutes, { prefix: '/setup', setup: s.setup });
    await api.register(statusRoutes, { status: s.status });
    await api.register(authRoutes, { prefix: '/user', auth: s.auth, sessions: s.sessions, secureCookies: secureCookiesOf(config), rateLimit });
    await api.register(usersRoutes, { prefix: '/user', users: s.users, rateLimit });
    await api.register(groupsRoutes, { prefix: '/group', options: s.options });
    await api.register(optionsRoutes, { prefix: '/option', options: s.options });
    await api.register(logsRoutes, { prefix: '/log', logs: s.logs });
    await api.register(dashboardRoutes, { prefix: '/data', dashboard: s.dashboard });
    await api.register(pricingRoutes, { pricing: s.pricing, modelHub: s.modelHub });
    await api.register(tokensRoutes, { prefix: '/token', tokens: s.tokens });
    await api.register(redemptionsRoutes, { prefix: '/redemption', redemptions: s.redemptions });
    await api.register(redeemRoutes, { prefix: '/user', redemptions: s.redemptions, rateLimit });
  }, { prefix: '/api' });

  const googleAuth = new GoogleAuth(s.upstream);
  const relay: RelayDeps = {
    db,
    options: s.options,
    billing: s.billing,
    routing: s.routing,
    health: s.health,
    http: s.upstream,
    getAdapter,
    auth: { googleAccessToken: (account, scopes) => googleAuth.accessToken(account, scopes) },
    limiter: s.limiter,
    keyCache: new ApiKeyCache(s.events),
    drainAfterDisconnectMs: config.relayDrainAfterDisconnectMs,
    inflight: new Set(),
    log: app.log,
  };
  await app.register(channelTestRoutes, { prefix: '/api/channel', tester: new ChannelTester(relay) });
  await app.register(relayRoutes, {
    relay,
    usableGroups: (userGroup: string) => new Set(Object.keys(usableGroups(s.options, userGroup))),
    bodyLimitBytes: Math.floor(config.bodyLimitMb * 1024 * 1024),
    version: APP_VERSION,
  });
  app.addHook('onClose', async () => {
    // Settlements and logs of answers already sent finish before the database closes.
    await Promise.allSettled([...relay.inflight]);
    await s.billing.drain();
    if (!opts.services) await s.stop();
  });

  await app.register(staticRoutes, { root: config.webDistDir });
  return { app, services: s };
}

function secureCookiesOf(config: Config): boolean | 'auto' {
  if (config.secureCookies === 'auto') return 'auto';
  return config.secureCookies === 'true' || config.secureCookies === '1';
}
