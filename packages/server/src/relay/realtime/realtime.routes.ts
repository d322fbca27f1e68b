import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer } from 'ws';
import { nextRequestId } from '../../platform/request-id.js';
import { RelayError, invalidRequest, toRelayError } from '../relay-error.js';
import { openAIErrorBody } from '../surfaces/openai-surface.js';
import { assertModelAllowed, authenticateApiKey, parseApiKey, userQuotaUsedUp, type ApiKeyPrincipal } from '../pipeline/authenticate-api-key.js';
import { withRoutingGroup } from '../pipeline/auto-group.js';
import { acceptsUnpricedModels, currentPrice } from '../pipeline/pricing.js';
import type { RelayDeps } from '../pipeline/relay-deps.js';
import { admitRateLimits } from '../limits/admit-rate-limits.js';
import { chooseSubprotocol, readHandshake, upgradeRequired } from './realtime-handshake.js';
import { connectChannel, connectOwnKeyChannel } from './connect-channel.js';
import { MAX_FRAME_BYTES } from './realtime-upstream.js';
import {
  REALTIME_PATH, balanceExhausted, chargeRealtimeResponse, chargeSubscriberResponse, recordRealtimeFailure,
  type RealtimeBilling, type RealtimeResponse, type RealtimeSessionInfo,
} from './realtime-billing.js';
import { subscriptionFunding } from '../../subscriptions/subscription-funding.js';
import { recordOwnKeyUse } from '../pipeline/run-own-key-relay.js';
import type { Usage } from '../formats/usage.js';
import { fromRealtimeUsage } from './realtime-usage.js';
import { usageFromAnswer } from '../providers/openai-compatible/usage.js';
import { RealtimeSession, type GoOn, type RealtimeSessionHooks, type RealtimeSessionOptions } from './realtime-session.js';

export interface RealtimeRouteDeps {
  relay: RelayDeps;
  usableGroups: (userGroup: string) => Set<string>;
  version: string;
  /** Bound on opening the upstream socket (config relayConnectTimeoutMs). */
  connectTimeoutMs: number;
  /** Session tuning; tests shorten the intervals. */
  session?: Partial<RealtimeSessionOptions>;
  /** new-api's system performance check: the 503 to answer while the machine is overloaded. */
  systemLoad?: { overload(): RelayError | undefined };
}

const SESSION_DEFAULTS: Omit<RealtimeSessionOptions, 'drainAfterClientGoneMs'> = { keepAliveMs: 30_000, maxBufferedBytes: 4 * 1024 * 1024, closeTimeoutMs: 5_000 };

const REALTIME_PATH_PATTERN = /^\/v1\/realtime\/?(\?|$)/;
const NO_WEBSOCKET_BODY = JSON.stringify({ error: { message: 'there is no WebSocket endpoint at this path', type: 'invalid_request_error', param: null, code: 'not_found' } });
const NO_WEBSOCKET_HERE = `HTTP/1.1 404 Not Found\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(NO_WEBSOCKET_BODY)}\r\nconnection: close\r\n\r\n${NO_WEBSOCKET_BODY}`;

/** The socket and first bytes of an upgrade request, while it goes through Fastify's routing. */
const pendingUpgrades = new WeakMap<IncomingMessage, { socket: Duplex; head: Buffer }>();
/** The request id of an accepted upgrade, for the 101 answer's headers. */
const upgradeRequestIds = new WeakMap<IncomingMessage, string>();
/** The x-ratelimit-* headers of an accepted upgrade whose caller has request limits, for the 101 answer. */
const upgradeLimitHeaders = new WeakMap<IncomingMessage, Record<string, string>>();

/**
 * `GET /v1/realtime?model=…`: the OpenAI Realtime API over WebSocket. The upgrade request goes through
 * Fastify's own routing and hooks (client IP behind proxies, CORS, request logging) and is checked like
 * an HTTP relay request — key, model, balance, price, channel — before anything is upgraded: a refusal
 * is an ordinary HTTP answer in the OpenAI error shape. Only once the upstream socket is open is the
 * client's upgraded, and the two are relayed by a RealtimeSession.
 */
export async function realtimeRoutes(app: FastifyInstance, deps: RealtimeRouteDeps) {
  const sessionOptions: RealtimeSessionOptions = { ...SESSION_DEFAULTS, drainAfterClientGoneMs: deps.relay.drainAfterDisconnectMs, ...deps.session };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false, handleProtocols: (offered) => chooseSubprotocol(offered) });
  wss.on('headers', (headers, req) => {
    const id = upgradeRequestIds.get(req);
    if (id) headers.push(`x-request-id: ${id}`, `x-oneapi-request-id: ${id}`, `x-new-api-version: ${deps.version}`);
    for (const [name, value] of Object.entries(upgradeLimitHeaders.get(req) ?? {})) headers.push(`${name}: ${value}`);
  });
  const sessions = new Set<RealtimeSession>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!REALTIME_PATH_PATTERN.test(req.url ?? '')) {
      // Another listener may serve this path; if none does, answer instead of leaving the socket hanging.
      if (app.server.listenerCount('upgrade') === 1) socket.end(NO_WEBSOCKET_HERE);
      return;
    }
    pendingUpgrades.set(req, { socket, head });
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    // Whatever answered with HTTP instead of upgrading (a refusal, another route's 404) ends the connection.
    res.once('finish', () => socket.end());
    res.assignSocket(socket as never);
    try {
      app.routing(req, res);
    } catch (err) {
      app.log.warn({ err }, 'realtime upgrade routing failed');
      socket.destroy();
    }
  };
  app.server.on('upgrade', onUpgrade);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.removeListener('upgrade', onUpgrade);
    for (const session of sessions) session.shutdown();
  });

  app.setErrorHandler((error, request, reply) => {
    const relayError = toRelayError(error);
    if (relayError.status >= 500 && !(error instanceof RelayError)) request.log.error({ err: error }, 'realtime failed');
    deps.relay.metrics?.relayAnswered('realtime', relayError.status);
    return reply.status(relayError.status).headers(relayError.headers).send(openAIErrorBody(relayError));
  });

  app.get('/v1/realtime', async (req, reply) => {
    const upgrade = pendingUpgrades.get(req.raw);
    if (!upgrade) throw upgradeRequired();
    pendingUpgrades.delete(req.raw);
    const overload = deps.systemLoad?.overload();
    if (overload) throw overload;
    const session = await openSession({ deps, req, reply, upgrade, wss, sessionOptions: { ...sessionOptions, isClosing: () => closing } });
    if (!session) return;
    sessions.add(session);
    deps.relay.inflight.add(session.finished);
    void session.finished.then(() => {
      sessions.delete(session);
      deps.relay.inflight.delete(session.finished);
    });
  });
}

/** An upgrade request on its way to becoming a session. */
interface Upgrade {
  deps: RealtimeRouteDeps;
  req: FastifyRequest;
  reply: FastifyReply;
  upgrade: { socket: Duplex; head: Buffer };
  wss: WebSocketServer;
  sessionOptions: RealtimeSessionOptions & { isClosing: () => boolean };
}

async function openSession(u: Upgrade): Promise<RealtimeSession | undefined> {
  const { deps, req, reply } = u;
  const relay = deps.relay;
  const requestId = nextRequestId();
  const startedAt = Date.now();
  reply.headers({ 'x-request-id': requestId, 'x-oneapi-request-id': requestId, 'x-new-api-version': deps.version, connection: 'close' });
  const handshake = readHandshake(req.headers, new URL(req.url, 'http://gateway').searchParams);
  // The user's balance is checked once it is known whether the model is on their own key, which needs none.
  const caller = await authenticateApiKey(handshake.apiKey, req.ip, { db: relay.db, usableGroups: deps.usableGroups, cache: relay.keyCache, deferUserQuotaCheck: true });
  // The key's in-flight slot (TokenConcurrencyPolicy) is held for the whole session.
  const slot = relay.tokenConcurrency?.enter(caller.tokenId, caller.group);
  const lease = slot ? await slot : undefined;
  let session: RealtimeSession | undefined;
  try {
    session = await admitSession(u, { handshake, caller, requestId, startedAt });
  } finally {
    if (lease && session) void session.finished.then(() => lease.release());
    else lease?.release();
  }
  return session;
}

async function admitSession(
  { deps, req, reply, upgrade, wss, sessionOptions }: Upgrade,
  { handshake, caller, requestId, startedAt }: { handshake: ReturnType<typeof readHandshake>; caller: ApiKeyPrincipal; requestId: string; startedAt: number },
): Promise<RealtimeSession | undefined> {
  const relay = deps.relay;
  const model = handshake.model;
  if (!model) throw invalidRequest('the model query parameter is required: /v1/realtime?model=<model>', 'model_required');
  // An `auto` key's session runs, and is priced, in the first of its groups with a channel for the model.
  const principal = withRoutingGroup(relay, caller, model);
  assertModelAllowed(principal, model);
  // The per-user limit and the key's own rpm_limit / tpm_limit count the session as one request.
  const limits = admitRateLimits(relay, caller);
  const limitHeaders = limits && (await limits);
  // A model the caller configured with their own supplier key is neither priced nor charged.
  const ownKey = principal.pinnedChannelId === null ? await relay.ownKeyChannels?.channelFor(principal.userId, model) : null;
  // A subscriber's responses may be paid from a subscription (subscription-funding.ts), as over HTTP.
  const funding = subscriptionFunding(principal.subscriptionUntil, principal.userSetting);
  if (!ownKey && principal.userQuota <= 0 && !funding) throw userQuotaUsedUp();
  const price = currentPrice(relay.options, model, principal.group, acceptsUnpricedModels(relay.options, principal), principal.userGroup);
  if (!ownKey && price.mode === 'unpriced') throw invalidRequest(`the model ${model} has no price set; ask the administrator to set one`, 'model_price_error');

  const clientGone = new AbortController();
  const watch = watchWhileConnecting(upgrade, () => clientGone.abort());
  const request = { principal, model, openaiBeta: handshake.openaiBeta, connectTimeoutMs: deps.connectTimeoutMs, signal: clientGone.signal };
  const outcome = ownKey ? await connectOwnKeyChannel(relay, request, ownKey) : await connectChannel(relay, request);
  watch.stop();
  if (outcome.kind === 'aborted') return clientLeft(reply, upgrade.socket);
  if (outcome.kind === 'failed') {
    await recordRealtimeFailure(relay, { requestId, principal, model, clientIp: req.ip, startedAt, trace: outcome.trace, channel: outcome.channel }, outcome.error);
    throw outcome.error;
  }
  const upstream = outcome.upstream.socket;
  if (clientGone.signal.aborted || upgrade.socket.destroyed) {
    upstream.close(1001, 'client left');
    return clientLeft(reply, upgrade.socket);
  }
  if (sessionOptions.isClosing()) {
    upstream.close(1001, 'server shutting down');
    throw new RelayError(503, 'server_shutting_down', 'the gateway is shutting down; please reconnect', 'gateway');
  }

  const session: RealtimeSessionInfo = {
    requestId,
    principal,
    cacheKey: parseApiKey(handshake.apiKey ?? '')?.key ?? '',
    model,
    upstreamModel: outcome.upstreamModel,
    isMapped: outcome.isMapped || outcome.upstreamModel !== model,
    channel: outcome.channel,
    clientIp: req.ip,
    trace: outcome.trace,
  };
  // (An unpriced model got this far only on the caller's own key.)
  const hooks = ownKey || price.mode === 'unpriced' ? ownKeyHooks(relay, session) : chargedHooks(relay, { ...session, price, funding });
  reply.hijack();
  upgradeRequestIds.set(req.raw, requestId);
  if (limitHeaders) upgradeLimitHeaders.set(req.raw, limitHeaders);
  return new Promise<RealtimeSession | undefined>((resolve) => {
    // ws destroys a socket it cannot upgrade without calling back; its 'close' tells us.
    const onClose = () => {
      upstream.close(1001, 'client left');
      resolve(undefined);
    };
    upgrade.socket.once('close', onClose);
    wss.handleUpgrade(req.raw, upgrade.socket, upgrade.head, (client) => {
      upgrade.socket.removeListener('close', onClose);
      // Created in this callback: a frame the client sends is emitted from the next tick on.
      resolve(new RealtimeSession(client, outcome.upstream, hooks, sessionOptions, startedAt));
      relay.metrics?.relayAnswered('realtime', 101);
      if (relay.limiter.active) relay.limiter.recordSuccess(principal.userId).catch((err: unknown) => relay.log.warn({ err, requestId }, 'rate limit count failed'));
    });
  });
}

/**
 * A charged session: every response, and every input transcription at its own model's price, is charged
 * as it completes; the session ends once the user or the key has run out. A subscriber's charges go where
 * the billing preference says (each written before the session decides to go on).
 */
function chargedHooks(relay: RelayDeps, billing: RealtimeBilling): RealtimeSessionHooks {
  const { requestId, principal, funding } = billing;
  let charged = 0;
  let responses = 0;
  let transcriptionModel: string | undefined;
  const charge = (r: RealtimeResponse): GoOn => {
    if (!funding) {
      charged += chargeRealtimeResponse(relay, billing, r);
      return !balanceExhausted(relay, billing, charged);
    }
    const written = chargeSubscriberResponse(relay, { ...billing, funding }, r, `${requestId}-r${++responses}`).catch((err: unknown) => {
      relay.log.error({ err, requestId }, 'realtime subscription charge failed');
      return false;
    });
    relay.inflight.add(written);
    void written.finally(() => relay.inflight.delete(written));
    return written;
  };
  return {
    onResponseDone(event, timing) {
      if (!event.usage) {
        relay.log.warn({ requestId, channelId: billing.channel.id }, 'realtime response.done without usage: not billed');
        return true;
      }
      return charge({ usage: fromRealtimeUsage(event.usage), startedAt: timing.startedAt, firstTokenMs: timing.firstTokenMs, status: event.status });
    },
    onSession(event) {
      transcriptionModel = event.transcriptionModel;
    },
    onTranscriptionDone(event) {
      // Token-billed models report tokens, whisper-1 the seconds of audio: both are usage shapes usageFromAnswer reads.
      const usage = usageFromAnswer(event.usage);
      if (!transcriptionModel || !usage) return true;
      const byPrice = currentPrice(relay.options, transcriptionModel, principal.group, acceptsUnpricedModels(relay.options, principal), principal.userGroup);
      if (byPrice.mode === 'unpriced') {
        relay.log.warn({ requestId, model: transcriptionModel }, 'realtime input transcription model has no price: not billed');
        return true;
      }
      return charge({ usage, startedAt: Date.now(), firstTokenMs: 0, status: 'transcription', by: { model: transcriptionModel, price: byPrice } });
    },
  };
}

/**
 * A session on the caller's own key: every response and input transcription gets a consume log with
 * quota 0 (as over HTTP), and no balance ends the session.
 */
function ownKeyHooks(relay: RelayDeps, s: RealtimeSessionInfo): RealtimeSessionHooks {
  let transcriptionModel: string | undefined;
  const record = (model: string, usage: Usage, startedAt: number, firstTokenMs: number, status: string | undefined) => {
    const write = recordOwnKeyUse(relay, {
      principal: s.principal,
      model,
      channel: s.channel,
      requestId: s.requestId,
      clientIp: s.clientIp,
      startedAt,
      stream: true,
      path: REALTIME_PATH,
      usage,
      firstTokenMs,
      upstreamModel: model === s.model ? s.upstreamModel : model,
      streamStatus: status,
    }).catch((err: unknown) => relay.log.error({ err, requestId: s.requestId }, 'realtime own-key log failed'));
    relay.inflight.add(write);
    void write.finally(() => relay.inflight.delete(write));
  };
  return {
    onResponseDone(event, timing) {
      if (event.usage) record(s.model, fromRealtimeUsage(event.usage), timing.startedAt, timing.firstTokenMs, event.status);
      return true;
    },
    onSession(event) {
      transcriptionModel = event.transcriptionModel;
    },
    onTranscriptionDone(event) {
      const usage = usageFromAnswer(event.usage);
      if (transcriptionModel && usage) record(transcriptionModel, usage, Date.now(), 0, 'transcription');
      return true;
    },
  };
}

/** The client left while the gateway was connecting: nothing to answer. */
function clientLeft(reply: FastifyReply, socket: Duplex): undefined {
  reply.hijack();
  socket.destroy();
  return undefined;
}

const MAX_EARLY_BYTES = 64 * 1024;

/**
 * Reads the client's socket while the upstream is being opened: an upgraded socket is not read by the
 * HTTP server, so without this a client that leaves would go unnoticed until the connect timeout. A
 * client should send nothing before the 101; whatever it sends anyway is kept (bounded) for ws.
 */
function watchWhileConnecting(upgrade: { socket: Duplex; head: Buffer }, onGone: () => void): { stop(): void } {
  const early: Buffer[] = [upgrade.head];
  let bytes = upgrade.head.length;
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_EARLY_BYTES) upgrade.socket.destroy();
    else early.push(chunk);
  };
  upgrade.socket.on('data', onData);
  upgrade.socket.once('end', onGone);
  upgrade.socket.once('close', onGone);
  return {
    stop() {
      upgrade.socket.removeListener('data', onData);
      upgrade.socket.removeListener('end', onGone);
      upgrade.socket.removeListener('close', onGone);
      // Not paused: ws's own 'data' listener must find the socket flowing. The upgrade follows in this tick.
      upgrade.head = Buffer.concat(early);
    },
  };
}
