import { lazyChildLoggerFactory } from './platform/lazy-child-logger.js';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Redis } from 'ioredis';
import type { Config } from './config/config.schema.js';
import { poolStatsOf, type Db } from './db/database.js';
import { loggerOptions } from './platform/logger.js';
import { randomAlphanumeric } from './platform/crypto.js';
import type { LeaseStore } from './platform/lease-store.js';
import { MemoryRateLimiter, RedisRateLimiter, ResilientRateLimiter, type RateLimiter } from './platform/rate-limiter.js';
import { consoleErrorHandler } from './http/console-error-handler.js';
import { OPEN_CORS_PREFIXES, openCors } from './http/open-cors.js';
import { requestContext } from './http/request-context.js';
import { DbSessionStore, RedisSessionStore, type SessionStore } from './auth/session-store.js';
import { sessionsRoutes } from './auth/sessions.routes.js';
import { AuthService } from './auth/auth.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { authRateLimit } from './auth/auth-rate-limit.js';
import { OptionsService } from './options/options.service.js';
import { APP_VERSION, SetupService } from './setup/setup.service.js';
import { setupRoutes } from './setup/setup.routes.js';
import { StatusService } from './status/status.service.js';
import { statusRoutes } from './status/status.routes.js';
import { uptimeRoutes } from './console-content/console-content.routes.js';
import { staticRoutes } from './static/static.routes.js';
import { UsersService } from './users/users.service.js';
import { usersRoutes } from './users/users.routes.js';
import { OAuthService } from './oauth/oauth.service.js';
import { oauthRoutes } from './oauth/oauth.routes.js';
import { AuthorizationService } from './oauth/authorization.service.js';
import { CustomOAuthProvidersService } from './oauth/custom-providers.service.js';
import { customOAuthBindingRoutes, customOAuthProviderRoutes } from './oauth/custom-providers.routes.js';
import { externalLoginRoutes } from './oauth/external-login/external-login.routes.js';
import { authorizationRoutes } from './oauth/authorization.routes.js';
import { groupsRoutes } from './groups/groups.routes.js';
import { optionsRoutes } from './options/options.routes.js';
import { BillingService } from './billing/billing.service.js';
import { THINKING_SUFFIX, normalizeModelName } from './billing/model-name.js';
import { ChannelRoutingService } from './channels/channel-routing.service.js';
import { ChannelHealthTracker } from './channels/channel-health.js';
import { ResponseCache } from './relay/response-cache/response-cache.js';
import { responseCacheRoutes } from './relay/response-cache/response-cache.routes.js';
import { UpstreamHttpClient } from './platform/http-client.js';
import { GoogleAuth } from './relay/http/google-auth.js';
import { CodexOAuthClient } from './channels/codex/codex-oauth-client.js';
import { CodexCredentials } from './channels/codex/codex-credentials.js';
import { CodexOAuthService } from './channels/codex/codex-oauth.service.js';
import { codexOAuthRoutes } from './channels/codex/codex-oauth.routes.js';
import { CodexRefreshJob } from './channels/codex/codex-refresh.job.js';
import { getAdapter } from './relay/providers/registry.js';
import { UserRequestLimiter } from './relay/pipeline/user-request-limit.js';
import { TokenRateLimits } from './relay/limits/token-rate-limit/token-rate-limits.js';
import { createTokenConcurrencyGate, type TokenConcurrencyGate } from './relay/limits/token-concurrency/token-concurrency-gate.js';
import type { RelayDeps } from './relay/pipeline/relay-deps.js';
import { ApiKeyCache } from './relay/pipeline/api-key-cache.js';
import { nextRequestId } from './platform/request-id.js';
import type { EventBus } from './platform/cluster/event-bus.js';
import { RedisEventBus } from './platform/cluster/redis-event-bus.js';
import { DbJobLock, RedisJobLock, neverRun, type JobLock } from './platform/cluster/job-lock.js';
import { GatewayMetrics } from './platform/metrics/gateway-metrics.js';
import type { MetricSnapshot } from './platform/metrics/metrics-registry.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import { ChannelAutoTest } from './relay/channel-test/channel-auto-test.js';
import { LogRetention } from './logs/log-retention.js';
import { docsRoutes } from './openapi/docs.routes.js';
import { RouteCatalogue } from './openapi/route-catalogue.js';
import { ChangeEvents } from './platform/change-events.js';
import { relayRoutes } from './relay/relay.routes.js';
import { realtimeRoutes } from './relay/realtime/realtime.routes.js';
import { ChannelTester } from './relay/channel-test/channel-tester.js';
import { channelTestRoutes } from './relay/channel-test/channel-test.routes.js';
import { ChannelAdminService } from './channels/admin/channel-admin.service.js';
import { ChannelTagsService } from './channels/admin/channel-tags.service.js';
import { UpstreamModelsService } from './channels/admin/upstream-models.service.js';
import { channelAdminRoutes } from './channels/admin/channel-admin.routes.js';
import { channelHealthRoutes } from './channels/health/channel-health.routes.js';
import { exportChannelHealth } from './channels/health/channel-health-metrics.js';
import { UpstreamUpdatesService } from './channels/upstream-updates/upstream-updates.service.js';
import { UpstreamUpdatesJob } from './channels/upstream-updates/upstream-updates.job.js';
import { upstreamUpdatesRoutes } from './channels/upstream-updates/upstream-updates.routes.js';
import { OllamaService } from './channels/ollama/ollama.service.js';
import { ollamaRoutes } from './channels/ollama/ollama.routes.js';
import { MultiKeyService } from './channels/multi-key/multi-key.service.js';
import { nowSeconds } from './platform/clock.js';
import { usableGroupNames } from './groups/groups.service.js';
import { LogsService } from './logs/logs.service.js';
import { logsRoutes } from './logs/logs.routes.js';
import { logSearchRoutes } from './logs/log-search.routes.js';
import { ChannelAffinityUsage } from './logs/affinity-usage.js';
import { PerformanceService } from './performance/performance.service.js';
import { performanceRoutes } from './performance/performance.routes.js';
import { cacheSizes } from './performance/cache-sizes.js';
import { startSystemLoad, type SystemLoadMonitor } from './performance/system-load.js';
import { SystemTasksService } from './system-tasks/system-tasks.service.js';
import { systemTasksRoutes } from './system-tasks/system-tasks.routes.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { QuotaDataAggregator } from './dashboard/quota-data-aggregator.js';
import { PricingService } from './pricing/pricing.service.js';
import { ModelHubService } from './pricing/model-hub.service.js';
import { pricingRoutes } from './pricing/pricing.routes.js';
import { ratioSyncRoutes } from './pricing/ratio-sync/ratio-sync.routes.js';
import { TokensService } from './tokens/tokens.service.js';
import { tokensRoutes } from './tokens/tokens.routes.js';
import { RedemptionsService } from './redemptions/redemptions.service.js';
import { redeemRoutes, redemptionsRoutes } from './redemptions/redemptions.routes.js';
import { RewardsService } from './rewards/rewards.service.js';
import { rewardsRoutes } from './rewards/rewards.routes.js';
import { CheckinService } from './checkin/checkin.service.js';
import { checkinRoutes } from './checkin/checkin.routes.js';
import { ActivitiesService } from './activities/activities.service.js';
import { activitiesRoutes } from './activities/activities.routes.js';
import { SuppliersService } from './suppliers/suppliers.service.js';
import { suppliersRoutes } from './suppliers/suppliers.routes.js';
import { PrefillGroupsService } from './prefill-groups/prefill-groups.service.js';
import { MetadataCache } from './model-metadata/metadata-cache.js';
import { ModelMetadataService } from './model-metadata/model-metadata.service.js';
import { modelMetadataRoutes, vendorsRoutes } from './model-metadata/model-metadata.routes.js';
import { MetadataSyncService } from './model-metadata/metadata-sync.service.js';
import { GuardedHttpClient } from './platform/fetch-guard/guarded-http-client.js';
import { fetchPolicyOf } from './options/fetch-policy.js';
import { prefillGroupsRoutes } from './prefill-groups/prefill-groups.routes.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.js';
import { SubscriptionsJob } from './subscriptions/subscriptions.job.js';
import { SubscriptionPaymentsService } from './subscriptions/subscription-payments.service.js';
import { subscriptionPaymentsRoutes } from './subscriptions/subscription-payments.routes.js';
import { CustomModelKeys } from './custom-models/custom-model-keys.js';
import { CustomModelsService } from './custom-models/custom-models.service.js';
import { CustomModelRouter } from './custom-models/custom-model-router.js';
import { customModelsRoutes } from './custom-models/custom-models.routes.js';
import { PromptsService } from './assistant/prompts.service.js';
import { promptsRoutes } from './assistant/prompts.routes.js';
import { AiRolesService } from './assistant/ai-roles.service.js';
import { aiRolesRoutes } from './assistant/ai-roles.routes.js';
import { ApplicationsService } from './assistant/applications.service.js';
import { applicationsRoutes } from './assistant/applications.routes.js';
import { readFileSync } from 'node:fs';
import { SmtpMailer, type Mailer } from './mail/mailer.js';
import { VerificationCodes } from './verification/verification-codes.js';
import { EmailVerificationService } from './verification/email-verification.service.js';
import { verificationRoutes } from './verification/verification.routes.js';
import { CaptchaService } from './captcha/captcha.service.js';
import { captchaRoutes } from './captcha/captcha.routes.js';
import { TurnstileVerifier, turnstileCheck } from './captcha/turnstile.js';
import { YunpianClient } from './sms/yunpian-client.js';
import { PhoneAuthService } from './sms/phone-auth.service.js';
import { smsRoutes } from './sms/sms.routes.js';
import { SecretBox } from './platform/secret-box.js';
import { PersonalService } from './personal/personal.service.js';
import { personalRoutes } from './personal/personal.routes.js';
import { ChannelStatusAlerts } from './notifications/channel-status-alerts.js';
import { QuotaAlerts } from './notifications/quota-alerts.js';
import { WebhookSender } from './notifications/webhook-sender.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';
import { PasskeysService } from './two-factor/passkeys.service.js';
import { twoFactorRoutes } from './two-factor/two-factor.routes.js';
import { AccountSecurityService } from './users/account-security.service.js';
import { accountSecurityRoutes } from './users/account-security.routes.js';
import { SecureVerificationService } from './auth/secure-verification.service.js';
import { secureVerificationRoutes } from './auth/secure-verification.routes.js';
import { secureVerificationGuard } from './auth/secure-verification.js';
import { adminTwoFactorPolicy } from './two-factor/admin-policy.js';
import { PaymentsService } from './payments/payments.service.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { TopUpOrdersService } from './payments/top-up-orders.service.js';
import { topUpOrdersRoutes } from './payments/top-up-orders.routes.js';
import { StripeCheckoutService } from './payments/stripe/stripe-checkout.service.js';
import { CreemCheckoutService } from './payments/creem/creem-checkout.service.js';
import { checkoutRoutes } from './payments/checkout/checkout.routes.js';
import { createTaskServices, taskRelayRoutes, type TaskServices } from './tasks/task-services.js';
import { drawingLogRoutes, taskLogRoutes } from './tasks/task-logs.routes.js';
import { videoChannelDefaults } from './tasks/video/video-upstreams.js';
import { TokenUsageService } from './token-usage/token-usage.service.js';
import { tokenUsageRoutes } from './token-usage/token-usage.routes.js';
import { ResponsesStore } from './relay/responses-store/responses-store.service.js';
import { ExpiredResponsesCleanup } from './relay/responses-store/expired-responses-cleanup.js';
import { ChannelAffinity } from './relay/channel-affinity/channel-affinity.service.js';
import { channelAffinityRoutes } from './relay/channel-affinity/channel-affinity.routes.js';

export interface AppDeps {
  config: Config;
  db: Db;
  redis?: Redis;
  /** How changes reach the site's other processes (cluster workers); default: this process alone. */
  bus?: EventBus;
  /** Shared counters when several processes serve the site without Redis (cluster workers). */
  rateLimiter?: RateLimiter;
  /** Shared token-concurrency slots when several processes serve the site without Redis (cluster workers). */
  tokenLeases?: LeaseStore;
  /** Gathers the metrics of every process serving the site (cluster workers); default: this one's. */
  collectMetrics?: (local: GatewayMetrics) => Promise<MetricSnapshot[][]>;
}

/** Every long-lived service, built once per process (and once per test app). */
export interface Services {
  metrics: GatewayMetrics;
  /** Runs a periodic job in one process of the site at a time (never on a slave node). */
  jobLock: JobLock;
  /** One run at a time across the site, on any node (what an administrator starts by hand). */
  siteLock: JobLock;
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
  /** Background jobs root starts and watches (the log clean-up). */
  systemTasks: SystemTasksService;
  dashboard: DashboardService;
  /** Folds consume logs into the dashboard's hourly table every DataExportInterval minutes. */
  quotaData: QuotaDataAggregator;
  pricing: PricingService;
  modelHub: ModelHubService;
  tokens: TokensService;
  redemptions: RedemptionsService;
  rewards: RewardsService;
  /** Daily check-in rewards (checkin_setting.*). */
  checkin: CheckinService;
  activities: ActivitiesService;
  suppliers: SuppliersService;
  /** new-api's prefill groups: named model, tag and endpoint lists forms are filled from. */
  prefillGroups: PrefillGroupsService;
  modelMetadata: ModelMetadataService;
  /** Model metadata as the pricing page and /v1/models read it. */
  modelMetadataCache: MetadataCache;
  /** new-api's subscription plans and the subscriptions users hold. */
  subscriptions: SubscriptionsService;
  /** Buying plans online (EPay, Stripe, Creem); Stripe and Creem hand it their `sub_ref_` orders. */
  subscriptionPayments: SubscriptionPaymentsService;
  customModels: CustomModelsService;
  /** The relay's view of users' own-key models (custom models). */
  customModelRouter: CustomModelRouter;
  prompts: PromptsService;
  aiRoles: AiRolesService;
  applications: ApplicationsService;
  /** Outgoing mail through the SMTP* options (codes, reset links, notifications). */
  mailer: Mailer;
  /** E-mail codes, e-mail binding and password reset. */
  verification: EmailVerificationService;
  /** SMS codes and phone sign-in / sign-up. */
  phoneAuth: PhoneAuthService;
  captcha: CaptchaService;
  turnstile: TurnstileVerifier;
  /** Third-party sign-in and binding (GitHub, Google, Linux DO, OIDC, Telegram, WeChat). */
  oauth: OAuthService;
  /** Administrator-defined OAuth providers (/api/custom-oauth-provider). */
  customOAuth: CustomOAuthProvidersService;
  /** Outside applications asking a user for one of their tokens. */
  authorization: AuthorizationService;
  /** Notification and pricing settings of the personal page. */
  personal: PersonalService;
  /** Low-quota e-mails and webhooks, checked after charges. */
  quotaAlerts: QuotaAlerts;
  /** Root's e-mails and webhooks when a channel or key is disabled or enabled automatically. */
  channelStatusAlerts: ChannelStatusAlerts;
  /** TOTP two-factor sign-in and backup codes. */
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
  /** Administrators' 2FA, passkey and binding tools for other users. */
  accountSecurity: AccountSecurityService;
  /** Fresh 2FA/passkey checks that sensitive actions (revealing a channel key) ask for. */
  secureVerification: SecureVerificationService;
  /** Online top-up through the EPay gateway. */
  payments: PaymentsService;
  /** Every top-up order for administrators, and manual completion. */
  topUpOrders: TopUpOrdersService;
  /** Top-up through Stripe Checkout and its webhook. */
  stripeCheckout: StripeCheckoutService;
  /** Top-up through Creem products and its webhook. */
  creemCheckout: CreemCheckoutService;
  /** Midjourney, Suno and video tasks: relays, the polling worker, the console's task logs. */
  tasks: TaskServices;
  /** TokenConcurrencyPolicy's in-flight slots per key, shared by the relay, realtime sessions and task submissions. */
  tokenConcurrency: TokenConcurrencyGate;
  /** Each key's rpm_limit / tpm_limit, counted in the shared rate limiter (relay, realtime sessions and task submissions). */
  keyRateLimits: TokenRateLimits;
  /** Responses answered through the chat bridge, kept for previous_response_id and GET /v1/responses/{id}. */
  responsesStore: ResponsesStore;
  /** Which channel served each affinity key last (channel_affinity_setting.*). */
  channelAffinity: ChannelAffinity;
  /** Repeated identical requests answered without an upstream call (response_cache.*). */
  responseCache: ResponseCache;
  /** new-api's system performance check: the machine's load, sampled while performance_setting.monitor_enabled. */
  systemLoad: SystemLoadMonitor;
  /** Stops background work (hold maintenance, periodic reloads) and closes upstream connections. */
  stop(): Promise<void>;
}

/** A console warning at most once a minute, for failures that repeat on every request while they last. */
function throttledWarning(message: string): (err: unknown) => void {
  let last = 0;
  return (err) => {
    if (Date.now() - last < 60_000) return;
    last = Date.now();
    console.warn(`${message}: ${(err as Error)?.message ?? err}`);
  };
}

/** Seconds between the periodic refreshes that pick up changes made by other nodes. */
const SYNC_SECONDS = 60;

export async function createServices({ config, db, redis, bus, rateLimiter: sharedLimiter, tokenLeases }: AppDeps): Promise<Services> {
  const redisBus = !bus && redis ? new RedisEventBus(redis) : undefined;
  const events = new ChangeEvents(bus ?? redisBus);
  const options = new OptionsService(db, events);
  await options.load();
  const systemLoad = startSystemLoad(options, config);
  const customOAuth = new CustomOAuthProvidersService(db, events);
  await customOAuth.load();
  customOAuth.startPeriodicReload(SYNC_SECONDS * 1000);
  const metrics = new GatewayMetrics(poolStatsOf(db));
  // A backstop for change messages lost while Redis or a worker was unreachable.
  const optionsReload = setInterval(() => options.load().catch((err) => console.error('periodic options reload failed', err)), SYNC_SECONDS * 1000);
  optionsReload.unref();
  const newSessionId = () => randomAlphanumeric(48);
  const sessions = redis ? new RedisSessionStore(redis, newSessionId) : new DbSessionStore(db, newSessionId);
  const rateLimiter = redis
    ? new ResilientRateLimiter(new RedisRateLimiter(redis), throttledWarning('Redis is unreachable; rate limits count per process until it is back'))
    : (sharedLimiter ?? new MemoryRateLimiter());
  const setup = new SetupService(db, options, config.databaseType);
  const billing = new BillingService(db, undefined, { onError: (err) => console.error('settlement batch failed; retrying', err) });
  await billing.reconcileStaleHolds(10 * SYNC_SECONDS);
  const stopHolds = billing.startHoldMaintenance({ intervalSeconds: SYNC_SECONDS, staleAfterSeconds: 10 * SYNC_SECONDS });
  // A model with no exact channel routes under its pricing name, and a "-thinking" model under its base model.
  const routeName = (m: string) => {
    const n = normalizeModelName(m);
    return n !== m ? n : m.endsWith(THINKING_SUFFIX) ? m.slice(0, -THINKING_SUFFIX.length) : m;
  };
  const routing = new ChannelRoutingService(db, { normalize: routeName, events });
  await routing.reload();
  routing.startPeriodicReload(SYNC_SECONDS * 1000);
  const siteLock = redis ? new RedisJobLock(redis, new DbJobLock(db)) : new DbJobLock(db);
  const jobLock = config.nodeType === 'slave' ? neverRun : siteLock;
  const logs = new LogsService(db);
  logs.counters.start();
  const logRetention = new LogRetention(logs, options, jobLock);
  const systemTasks = new SystemTasksService(db, logs);
  logRetention.start();
  const quotaData = new QuotaDataAggregator(db, options, { lock: jobLock });
  quotaData.start();
  const upstream = new UpstreamHttpClient({
    connectTimeoutMs: config.relayConnectTimeoutMs,
    headersTimeoutMs: config.relayFirstByteTimeoutMs,
    bodyIdleTimeoutMs: config.relayIdleTimeoutMs,
  });
  const customModelKeys = new CustomModelKeys(config.sessionSecret);
  const mailer = new SmtpMailer(options, config.smtpCaFile ? readFileSync(config.smtpCaFile, 'utf8') : undefined);
  const codes = new VerificationCodes(db);
  const users = new UsersService(db, options, sessions, { events, verificationCodes: codes, generateDefaultToken: config.generateDefaultToken });
  const captcha = new CaptchaService(db);
  const webhookSecrets = new SecretBox(config.sessionSecret, 'notify-webhook-secret');
  const webhooks = new WebhookSender(config.allowPrivateWebhooks);
  const quotaAlerts = new QuotaAlerts({ db, options, mailer, webhooks, secrets: webhookSecrets, onError: (err) => console.error('quota notification failed', err) });
  billing.onCharged((userId) => quotaAlerts.charged(userId));
  const channelStatusAlerts = new ChannelStatusAlerts({ db, options, mailer, webhooks, secrets: webhookSecrets, onError: (err) => console.error('channel status notification failed', err) });
  routing.onAutomaticStatusChange((change) => channelStatusAlerts.changed(change));
  const health = new ChannelHealthTracker({ onCooldown: (id, ms) => events.changed('channel-cooling', id, Math.round(ms)) });
  exportChannelHealth(metrics.registry, health);
  events.on('channel-health', (id) => (id > 0 ? health.forget(id) : health.forgetAll()));
  events.onRemote('channel-cooling', (id, ms) => health.adoptCooldown(id, ms ?? 0));
  const limiter = new UserRequestLimiter(options, rateLimiter);
  const tokenConcurrency = createTokenConcurrencyGate(options, redis, tokenLeases, throttledWarning('Redis is unreachable; token concurrency is counted per process until it is back'));
  const keyRateLimits = new TokenRateLimits(rateLimiter, (obj, msg) => console.warn(msg, obj));
  const tasks = createTaskServices(
    {
      db, options, billing, routing, health, events, http: upstream, limiter, tokenConcurrency, keyRateLimits,
      keyCache: new ApiKeyCache(events),
      usableGroups: (userGroup) => usableGroupNames(options, userGroup),
      log: { warn: (obj, msg) => console.warn(msg, obj), error: (obj, msg) => console.error(msg, obj) },
    },
    jobLock,
  );
  tasks.poller.start();
  const responsesStore = new ResponsesStore(db, { warn: (obj, msg) => console.warn(msg, obj) });
  const expiredResponses = new ExpiredResponsesCleanup(responsesStore, jobLock);
  expiredResponses.start();
  const subscriptions = new SubscriptionsService({ db, options, events });
  const subscriptionsJob = new SubscriptionsJob(subscriptions, jobLock, throttledWarning('subscription maintenance failed'));
  subscriptionsJob.start(60_000);
  const subscriptionPayments = new SubscriptionPaymentsService({ db, options, events, subscriptions, http: upstream, stripeBaseUrl: config.stripeApiBaseUrl, creemBaseUrl: config.creemApiBaseUrl });
  const twoFactor = new TwoFactorService({ db, options, secrets: new SecretBox(config.sessionSecret, 'totp-secret'), limiter: rateLimiter });
  const passkeys = new PasskeysService(db, options);
  const modelMetadataCache = new MetadataCache(db, events);
  const pricing = new PricingService(db, options, routing, modelMetadataCache);
  return {
    metrics,
    jobLock,
    siteLock,
    options,
    sessions,
    rateLimiter,
    setup,
    auth: new AuthService(db, options),
    status: new StatusService(options, setup, customOAuth),
    users,
    events,
    billing,
    routing,
    health,
    upstream,
    limiter,
    logs,
    systemTasks,
    dashboard: new DashboardService(db),
    quotaData,
    pricing,
    modelMetadataCache,
    modelMetadata: new ModelMetadataService(db, pricing, events),
    modelHub: new ModelHubService(db),
    tokens: new TokensService(db, options, events),
    redemptions: new RedemptionsService(db, options, events),
    rewards: new RewardsService(db, options, events),
    checkin: new CheckinService(db, options, events),
    activities: new ActivitiesService(db, events),
    suppliers: new SuppliersService(db, events),
    prefillGroups: new PrefillGroupsService(db),
    subscriptions,
    subscriptionPayments,
    customModels: new CustomModelsService({ db, keys: customModelKeys, events, http: upstream, getAdapter }),
    customModelRouter: new CustomModelRouter(db, customModelKeys, events),
    prompts: new PromptsService(db),
    aiRoles: new AiRolesService(db),
    applications: new ApplicationsService(db),
    mailer,
    verification: new EmailVerificationService({ db, options, codes, mailer, sessions, events }),
    phoneAuth: new PhoneAuthService({ db, options, codes, captcha, users, sms: new YunpianClient(options, upstream, config.yunpianBaseUrl) }),
    captcha,
    turnstile: new TurnstileVerifier(options, upstream, config.turnstileVerifyUrl),
    oauth: new OAuthService({ db, options, users, sessions, http: upstream, config, customProviders: customOAuth }),
    customOAuth,
    authorization: new AuthorizationService(db),
    personal: new PersonalService({ db, events, secrets: webhookSecrets, allowPrivateWebhooks: config.allowPrivateWebhooks }),
    quotaAlerts,
    channelStatusAlerts,
    twoFactor,
    passkeys,
    accountSecurity: new AccountSecurityService({ db, options, sessions, events }),
    secureVerification: new SecureVerificationService({ db, options, sessions, twoFactor, passkeys }),
    payments: new PaymentsService(db, options, events),
    topUpOrders: new TopUpOrdersService(db, options, events),
    stripeCheckout: new StripeCheckoutService({ db, options, events, http: upstream, baseUrl: config.stripeApiBaseUrl, delegated: subscriptionPayments }),
    creemCheckout: new CreemCheckoutService({ db, options, events, http: upstream, baseUrl: config.creemApiBaseUrl, delegated: subscriptionPayments }),
    tasks,
    responsesStore,
    channelAffinity: new ChannelAffinity(options, { redis, onSharedError: throttledWarning('Redis is unreachable; channel affinity is kept per process until it is back') }),
    responseCache: new ResponseCache(options, { redis, events, onSharedError: throttledWarning('Redis is unreachable; the response cache is kept per process until it is back') }),
    tokenConcurrency,
    keyRateLimits,
    systemLoad,
    async stop() {
      systemLoad.close();
      await tasks.poller.stop();
      expiredResponses.stop();
      subscriptionsJob.stop();
      await responsesStore.drain();
      metrics.stop();
      clearInterval(optionsReload);
      redisBus?.close();
      await billing.drain();
      await stopHolds();
      await quotaData.stop();
      await systemTasks.stop();
      await logs.counters.stop();
      await quotaAlerts.stop();
      await channelStatusAlerts.settled();
      await webhooks.close();
      routing.stopPeriodicReload();
      customOAuth.stopPeriodicReload();
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
  const collectMetrics = deps.collectMetrics ? () => deps.collectMetrics!(s.metrics) : async () => [s.metrics.registry.snapshot()];
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: Math.floor(config.bodyLimitMb * 1024 * 1024),
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    genReqId: () => nextRequestId(),
    childLoggerFactory: lazyChildLoggerFactory,
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  const catalogue = new RouteCatalogue();
  app.addHook('onRoute', (route) => catalogue.record(route));
  app.setErrorHandler(consoleErrorHandler);
  // Before any route or hook: token-authenticated surfaces answer any origin, preflights need no key.
  openCors(app, OPEN_CORS_PREFIXES);
  // The id in our logs, handed to the client so a support request can name it (relay routes set it themselves).
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await app.register(fastifyCookie);
  await app.register(requestContext, { db, sessions: s.sessions });
  await app.register(adminTwoFactorPolicy, { db, options: s.options });

  const rateLimit = authRateLimit(s.rateLimiter, config.authRateLimitPerMinute);
  const humanCheck = turnstileCheck(s.turnstile);
  await app.register(async function api(api) {
    api.addHook('onResponse', async (req, reply) => {
      s.metrics.apiAnswered(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
    });
    await api.register(setupRoutes, { prefix: '/setup', setup: s.setup });
    await api.register(docsRoutes, { catalogue, version: APP_VERSION });
    await api.register(statusRoutes, { status: s.status, db, redis: deps.redis });
    await api.register(uptimeRoutes, { prefix: '/uptime', options: s.options });
    await api.register(authRoutes, { prefix: '/user', auth: s.auth, sessions: s.sessions, secureCookies: secureCookiesOf(config), rateLimit, humanCheck, secondFactor: s.twoFactor });
    await api.register(sessionsRoutes, { prefix: '/user', sessions: s.sessions });
    await api.register(usersRoutes, { prefix: '/user', users: s.users, rateLimit, humanCheck });
    await api.register(verificationRoutes, { verification: s.verification, rateLimit, humanCheck });
    await api.register(smsRoutes, { phoneAuth: s.phoneAuth, sessions: s.sessions, secureCookies: secureCookiesOf(config), rateLimit, secondFactor: s.twoFactor });
    await api.register(captchaRoutes, { prefix: '/captcha', captcha: s.captcha, rateLimit });
    await api.register(groupsRoutes, { prefix: '/group', options: s.options });
    await api.register(optionsRoutes, { prefix: '/option', options: s.options });
    await api.register(channelAffinityRoutes, { prefix: '/option', channelAffinity: s.channelAffinity });
    await api.register(responseCacheRoutes, { prefix: '/option', responseCache: s.responseCache });
    await api.register(logsRoutes, { prefix: '/log', logs: s.logs });
    await api.register(logSearchRoutes, { prefix: '/log', logs: s.logs, affinityUsage: new ChannelAffinityUsage(db, s.options) });
    await api.register(systemTasksRoutes, { prefix: '/system-task', systemTasks: s.systemTasks });
    await api.register(dashboardRoutes, { prefix: '/data', dashboard: s.dashboard });
    await api.register(pricingRoutes, { pricing: s.pricing, modelHub: s.modelHub });
    await api.register(ratioSyncRoutes, { db, options: s.options, rateLimit });
    await api.register(tokensRoutes, { prefix: '/token', tokens: s.tokens });
    await api.register(redemptionsRoutes, { prefix: '/redemption', redemptions: s.redemptions });
    await api.register(redeemRoutes, { prefix: '/user', redemptions: s.redemptions, rateLimit });
    await api.register(rewardsRoutes, { prefix: '/user', rewards: s.rewards });
    await api.register(checkinRoutes, { prefix: '/user', checkin: s.checkin, rateLimit });
    await api.register(activitiesRoutes, { activities: s.activities });
    await api.register(suppliersRoutes, { prefix: '/supplier', suppliers: s.suppliers });
    await api.register(prefillGroupsRoutes, { prefix: '/prefill_group', prefillGroups: s.prefillGroups });
    const metadataHttp = new GuardedHttpClient(() => fetchPolicyOf(s.options));
    app.addHook('onClose', () => metadataHttp.close());
    const metadataSync = new MetadataSyncService({ db, http: metadataHttp, base: config.syncUpstreamBase, missing: () => s.modelMetadata.missing(), events: s.events });
    await api.register(modelMetadataRoutes, { prefix: '/models', modelMetadata: s.modelMetadata, metadataSync, pricing: s.pricing });
    await api.register(vendorsRoutes, { prefix: '/vendors', modelMetadata: s.modelMetadata });
    await api.register(subscriptionsRoutes, { prefix: '/subscription', subscriptions: s.subscriptions, rateLimit });
    await api.register(subscriptionPaymentsRoutes, { prefix: '/subscription', subscriptionPayments: s.subscriptionPayments, rateLimit });
    await api.register(customModelsRoutes, { prefix: '/user/custom-models', customModels: s.customModels });
    await api.register(promptsRoutes, { prefix: '/prompt/suggest', prompts: s.prompts });
    await api.register(aiRolesRoutes, { prefix: '/ai-role', roles: s.aiRoles });
    await api.register(applicationsRoutes, { prefix: '/application', applications: s.applications });
    await api.register(oauthRoutes, { prefix: '/oauth', oauth: s.oauth, secureCookies: secureCookiesOf(config), rateLimit, secondFactor: s.twoFactor });
    await api.register(customOAuthProviderRoutes, { prefix: '/custom-oauth-provider', customProviders: s.customOAuth, options: s.options });
    await api.register(externalLoginRoutes, {
      prefix: '/auth/external', oauth: s.oauth, customProviders: s.customOAuth, options: s.options, secureCookies: secureCookiesOf(config), rateLimit, secondFactor: s.twoFactor,
    });
    await api.register(customOAuthBindingRoutes, { prefix: '/user', customProviders: s.customOAuth });
    await api.register(authorizationRoutes, { authorization: s.authorization, oauth: s.oauth });
    await api.register(personalRoutes, { prefix: '/user', personal: s.personal });
    await api.register(twoFactorRoutes, { prefix: '/user', twoFactor: s.twoFactor, passkeys: s.passkeys, sessions: s.sessions, secureCookies: secureCookiesOf(config), rateLimit });
    await api.register(accountSecurityRoutes, { prefix: '/user', accountSecurity: s.accountSecurity });
    await api.register(secureVerificationRoutes, { verification: s.secureVerification, rateLimit });
    await api.register(paymentsRoutes, { prefix: '/user', payments: s.payments, rateLimit });
    await api.register(topUpOrdersRoutes, { prefix: '/user', topUpOrders: s.topUpOrders });
    await api.register(checkoutRoutes, { stripe: s.stripeCheckout, creem: s.creemCheckout, rateLimit });
    await api.register(drawingLogRoutes, { prefix: '/mj', taskLogs: s.tasks.logs });
    await api.register(taskLogRoutes, { prefix: '/task', taskLogs: s.tasks.logs });
  }, { prefix: '/api' });

  const googleAuth = new GoogleAuth(s.upstream);
  // Codex channels' ChatGPT tokens: refreshed once site-wide (the site lock) and saved back to the channel.
  const codexOAuth = new CodexOAuthClient(s.upstream, config.codexOAuthTokenUrl);
  const codexCredentials = new CodexCredentials({ db, routing: s.routing, oauth: codexOAuth, lock: s.siteLock, warn: (message) => app.log.warn(message) });
  const relay: RelayDeps = {
    db,
    options: s.options,
    billing: s.billing,
    routing: s.routing,
    health: s.health,
    http: s.upstream,
    getAdapter,
    auth: {
      googleAccessToken: (account, scopes, proxy) => googleAuth.accessToken(account, scopes, proxy),
      codexAccess: (channel) => codexCredentials.access(channel),
    },
    limiter: s.limiter,
    keyCache: new ApiKeyCache(s.events),
    drainAfterDisconnectMs: config.relayDrainAfterDisconnectMs,
    inflight: new Set(),
    log: app.log,
    ownKeyChannels: s.customModelRouter,
    metrics: s.metrics,
    responsesStore: s.responsesStore,
    channelAffinity: s.channelAffinity,
    responseCache: s.responseCache,
    tokenConcurrency: s.tokenConcurrency,
    keyRateLimits: s.keyRateLimits,
    modelMetadata: s.modelMetadataCache,
  };
  const tester = new ChannelTester(relay);
  await app.register(channelTestRoutes, { prefix: '/api/channel', tester, jobLock: s.siteLock });
  // Outside the /api block because the relay's key cache is built here; answers for this process only.
  const performance = new PerformanceService({ db, redis: deps.redis, systemLoad: s.systemLoad, caches: cacheSizes({ routing: s.routing, keyCache: relay.keyCache, channelAffinity: s.channelAffinity, responseCache: s.responseCache }) });
  await app.register(performanceRoutes, { prefix: '/api', performance });
  const autoTest = new ChannelAutoTest(tester, s.options, s.jobLock);
  if (!opts.services) autoTest.start();
  await app.register(channelHealthRoutes, { prefix: '/api/channel', health: s.health, collect: collectMetrics, events: s.events });
  await app.register(channelAdminRoutes, {
    prefix: '/api/channel',
    channels: new ChannelAdminService({ db, routing: s.routing, adapters: (type) => getAdapter(type) ?? videoChannelDefaults(type), knownModelsByType: () => s.pricing.channelTypeModels() }),
    tags: new ChannelTagsService({ db, routing: s.routing }),
    upstreamModels: new UpstreamModelsService({ db, http: s.upstream, getAdapter }),
    multiKeys: new MultiKeyService(db, s.routing, nowSeconds),
    requireSecureVerification: secureVerificationGuard(s.secureVerification),
  });
  const upstreamUpdates = new UpstreamUpdatesService({ db, routing: s.routing, models: new UpstreamModelsService({ db, http: s.upstream, getAdapter }), siteLock: s.siteLock });
  await app.register(upstreamUpdatesRoutes, { prefix: '/api/channel', updates: upstreamUpdates });
  await app.register(ollamaRoutes, { prefix: '/api/channel', ollama: new OllamaService({ db, http: s.upstream, getAdapter }) });
  await app.register(codexOAuthRoutes, { prefix: '/api/channel', codex: new CodexOAuthService({ db, oauth: codexOAuth, credentials: codexCredentials }) });
  // Idle Codex channels' tokens are renewed ahead of expiry (one process of the site; never on a slave node).
  const codexRefresh = new CodexRefreshJob({ db, credentials: codexCredentials, lock: s.jobLock, warn: (message) => app.log.warn(message) });
  if (!opts.services) codexRefresh.start();
  const upstreamCheck = new UpstreamUpdatesJob(upstreamUpdates, s.jobLock);
  if (!opts.services) upstreamCheck.start();
  await app.register(relayRoutes, {
    relay,
    usableGroups: (userGroup: string) => usableGroupNames(s.options, userGroup),
    bodyLimitBytes: Math.floor(config.bodyLimitMb * 1024 * 1024),
    version: APP_VERSION,
    sessions: s.sessions,
    systemLoad: s.systemLoad,
  });
  await app.register(realtimeRoutes, {
    relay,
    systemLoad: s.systemLoad,
    usableGroups: (userGroup: string) => usableGroupNames(s.options, userGroup),
    version: APP_VERSION,
    connectTimeoutMs: config.relayConnectTimeoutMs,
  });
  await app.register(taskRelayRoutes, { tasks: s.tasks.deps, systemLoad: s.systemLoad });
  // An API key reading its own usage, logs and OpenAI legacy billing (full paths, outside the /api block).
  await app.register(tokenUsageRoutes, {
    tokenUsage: new TokenUsageService({
      db,
      options: s.options,
      keyCache: relay.keyCache,
      usableGroups: (userGroup: string) => usableGroupNames(s.options, userGroup),
    }),
    rateLimit,
  });
  await app.register(metricsRoutes, { options: s.options, collect: collectMetrics });
  app.addHook('onClose', async () => {
    autoTest.stop();
    upstreamCheck.stop();
    codexRefresh.stop();
    // Settlements and logs of answers already sent finish before the database closes.
    await Promise.allSettled([...relay.inflight]);
    await s.responsesStore.drain();
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
