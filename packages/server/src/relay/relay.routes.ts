import { takeUsageAccounting } from './pipeline/usage-cost.js';
import { RecordingClientIO } from './response-cache/recording-client-io.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nextRequestId } from '../platform/request-id.js';
import { copyOpenCorsHeaders } from '../http/open-cors.js';
import { RelayError, invalidRequest, toRelayError } from './relay-error.js';
import type { RelayBody, RelayEndpoint } from './providers/provider-adapter.js';
import type { Surface } from './surfaces/surface.js';
import { openAISurface } from './surfaces/openai-surface.js';
import { claudeSurface } from './surfaces/claude-surface.js';
import { geminiSurface } from './surfaces/gemini-surface.js';
import { authenticateApiKey, type ApiKeyPrincipal } from './pipeline/authenticate-api-key.js';
import { runRelay } from './pipeline/run-relay.js';
import { ClientIO } from './pipeline/client-io.js';
import type { RelayDeps } from './pipeline/relay-deps.js';
import { MultipartError, decodeMultipart, multipartBoundary } from './http/multipart-decoder.js';
import { listModelsFor } from './pipeline/list-models.js';
import { countGeminiTokens, countMessageTokens } from './pipeline/count-message-tokens.js';
import { assertRequestShape } from './surfaces/request-shape.js';
import { compactionBody } from './compat/responses-compact.js';
import { notImplementedRoutes } from './compat/not-implemented.js';
import { decodeContentEncoding } from './http/decode-body.js';
import { anthropicModel, anthropicModelList } from './formats/anthropic/models-from-openai.js';
import { geminiModel, geminiModelList } from './formats/gemini/models-from-openai.js';
import { deleteStoredResponse, listStoredInputItems, retrieveStoredResponse } from './responses-store/stored-response-answers.js';
import { actorOf, requireUser } from '../http/guards.js';
import type { SessionStore } from '../auth/session-store.js';
import { playgroundAuth } from './playground/playground-auth.js';
import { playgroundCaller } from './playground/playground-principal.js';

export interface RelayRouteDeps {
  relay: RelayDeps;
  usableGroups: (userGroup: string) => Set<string>;
  bodyLimitBytes: number;
  version: string;
  /** The console's sessions: the playground's caller signs in with one instead of an API key. */
  sessions: SessionStore;
  /** new-api's system performance check: the 503 to answer while the machine is overloaded. */
  systemLoad?: { overload(): RelayError | undefined };
}

/** Endpoints whose model may be omitted, with the model the caller gets then. */
const DEFAULT_MODELS: Partial<Record<RelayEndpoint, string>> = { 'images.generations': 'dall-e-2', moderations: 'omni-moderation-latest' };

type KeySource = (req: FastifyRequest) => string | undefined;
const bearer: KeySource = (req) => req.headers.authorization;
const claudeKey: KeySource = (req) => header(req, 'x-api-key') ?? req.headers.authorization;
const geminiKey: KeySource = (req) => header(req, 'x-goog-api-key') ?? ((req.query as Record<string, string>)?.key || undefined) ?? req.headers.authorization;

/** The Anthropic model list answers a caller that sends both of Anthropic's headers. */
const wantsAnthropicShape = (req: FastifyRequest) => header(req, 'x-api-key') !== undefined && header(req, 'anthropic-version') !== undefined;
const modelsSurfaceOf = (req: FastifyRequest): Surface => (wantsAnthropicShape(req) ? claudeSurface : openAISurface);

interface RelayRouteConfig {
  surface?: Surface;
  /** For routes whose error shape depends on the caller's headers (GET /v1/models). */
  surfaceOf?: (req: FastifyRequest) => Surface;
  endpoint?: RelayEndpoint;
}

/**
 * The gateway surfaces. Each route states its surface and endpoint (rule 8: nothing sniffs the URL
 * later). Bodies are read as bytes here so malformed JSON gets the caller's error shape, and so
 * pass-through mode can forward the original bytes (decompressed when the client compressed them).
 */
export async function relayRoutes(app: FastifyInstance, deps: RelayRouteDeps) {
  app.removeAllContentTypeParsers();
  const limit = deps.bodyLimitBytes;
  // Fastify's bodyLimit caps the bytes received; decodeContentEncoding caps the decompressed size.
  const asBuffer = (req: FastifyRequest, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => {
    const encoding = req.headers['content-encoding'];
    if (encoding === undefined) return done(null, body);
    decodeContentEncoding(body, encoding, limit).then((decoded) => done(null, decoded), done);
  };
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, asBuffer);
  // Before any key check, body work or quota hold: an overloaded machine refuses new relay work (new-api
  // checks its relay groups, not the model lists). A synchronous hook, so a served request pays one option read.
  const systemLoad = deps.systemLoad;
  if (systemLoad) app.addHook('onRequest', (req, _reply, done) => done(req.method === 'POST' ? systemLoad.overload() : undefined));
  app.setErrorHandler((error, request, reply) => {
    const config = request.routeOptions.config as RelayRouteConfig;
    const surface = config.surfaceOf?.(request) ?? config.surface ?? openAISurface;
    const relayError = toRelayError(error);
    deps.relay.metrics?.relayAnswered(config.endpoint ?? 'models', relayError.status);
    if (relayError.status >= 500 && !(error instanceof RelayError)) request.log.error({ err: error }, 'relay failed');
    return reply.status(relayError.status).headers(relayError.headers).send(surface.errorBody(relayError));
  });

  const route = (path: string, surface: Surface, endpoint: RelayEndpoint, keyOf: KeySource) =>
    app.post(path, { config: { surface, endpoint } }, (req, reply) => handle(deps, req, reply, { surface, endpoint, keyOf }));

  route('/v1/chat/completions', openAISurface, 'chat', bearer);
  route('/v1/completions', openAISurface, 'completions', bearer);
  route('/v1/embeddings', openAISurface, 'embeddings', bearer);
  // The legacy engines path of OpenAI's embeddings (older SDKs and LangChain versions), model in the path.
  route('/v1/engines/:model/embeddings', openAISurface, 'embeddings', bearer);
  route('/v1/images/generations', openAISurface, 'images.generations', bearer);
  route('/v1/images/edits', openAISurface, 'images.edits', bearer);
  // new-api routes the legacy /v1/edits as an image request: here it is the image edit endpoint under another path.
  route('/v1/edits', openAISurface, 'images.edits', bearer);
  route('/v1/audio/speech', openAISurface, 'audio.speech', bearer);
  route('/v1/audio/transcriptions', openAISurface, 'audio.transcriptions', bearer);
  route('/v1/audio/translations', openAISurface, 'audio.translations', bearer);
  route('/v1/moderations', openAISurface, 'moderations', bearer);
  route('/v1/rerank', openAISurface, 'rerank', bearer);
  route('/v1/responses', openAISurface, 'responses', bearer);
  // Responses compaction: only its documented fields go upstream, and the answer is one JSON object (it has
  // no stream), billed by its usage like /v1/responses. Channels that speak the Responses API serve it.
  const compact = { surface: openAISurface, endpoint: 'responses.compact' } as const;
  app.post('/v1/responses/compact', { config: compact }, async (req, reply) => {
    const startedAt = Date.now();
    const principal = await authenticate(deps, req, bearer, true);
    const parsed = parseBody(req, compact);
    return relayAuthenticated(deps, req, reply, compact, principal, { ...parsed, body: compactionBody(parsed.body), stream: false }, startedAt);
  });
  route('/v1/messages', claudeSurface, 'claude.messages', claudeKey);
  // new-api's playground: the console's signed-in user instead of an API key, then the same chat relay.
  // Its session check is this route's own hook, so no other relay request pays for it.
  const playground = { surface: openAISurface, endpoint: 'chat' } as const;
  const playgroundUser = playgroundAuth({ db: deps.relay.db, sessions: deps.sessions });
  app.post('/pg/chat/completions', { config: playground, onRequest: playgroundUser, preHandler: requireUser }, async (req, reply) => {
    const startedAt = Date.now();
    const parsed = parseBody(req, playground);
    const caller = await playgroundCaller({ db: deps.relay.db, usableGroups: deps.usableGroups }, actorOf(req), parsed.body);
    return relayAuthenticated(deps, req, reply, playground, caller.principal, { ...parsed, body: caller.body }, startedAt);
  });
  // One path for every Gemini action: generation and embeddings are relayed, token counts answered here.
  const geminiAction = { config: { surface: geminiSurface, endpoint: 'gemini.generate' } satisfies RelayRouteConfig };
  const geminiModelAction = async (req: FastifyRequest, reply: FastifyReply) => {
    // An unknown action is refused by parseBody, after the key is checked.
    const action = geminiActionOf(req);
    if (action === 'countTokens') {
      const principal = await authenticate(deps, req, geminiKey, true);
      const parsed = parseBody(req, { endpoint: 'gemini.generate' });
      return countGeminiTokens(deps.relay, principal, parsed.model, parsed.body);
    }
    const endpoint = action === 'embedContent' || action === 'batchEmbedContents' ? 'gemini.embed' : 'gemini.generate';
    return handle(deps, req, reply, { surface: geminiSurface, endpoint, keyOf: geminiKey });
  };
  app.post('/v1beta/models/:target', geminiAction, geminiModelAction);
  // new-api serves the same Gemini actions under /v1 (`/v1/models/gemini-2.0-flash:generateContent`).
  app.post('/v1/models/:target', geminiAction, geminiModelAction);
  app.post('/v1/messages/count_tokens', { config: { surface: claudeSurface, endpoint: 'claude.messages' } satisfies RelayRouteConfig }, async (req) => {
    const principal = await authenticate(deps, req, claudeKey, true);
    const parsed = parseBody(req, { endpoint: 'claude.messages' });
    return countMessageTokens(deps.relay, principal, parsed.model, parsed.body);
  });

  // Model lists in the caller's shape: OpenAI's (with new-api's extra `success`), Anthropic's when both
  // of its headers are sent, Gemini's under /v1beta. The key may only see what it may call.
  const models = { config: { surfaceOf: modelsSurfaceOf } satisfies RelayRouteConfig };
  app.get('/v1/models', models, async (req) => {
    const principal = await authenticate(deps, req, header(req, 'x-api-key') ? claudeKey : bearer);
    const list = await listModelsFor(deps.relay, principal);
    return wantsAnthropicShape(req) ? anthropicModelList(list) : { success: true, object: 'list', data: list };
  });
  app.get('/v1/models/:model', models, async (req) => {
    const principal = await authenticate(deps, req, header(req, 'x-api-key') ? claudeKey : bearer);
    const id = (req.params as { model: string }).model;
    const found = (await listModelsFor(deps.relay, principal)).find((m) => m.id === id);
    if (!found) throw modelNotFound(id);
    return wantsAnthropicShape(req) ? anthropicModel(found) : found;
  });
  // Gemini's OpenAI-compatible list path, for OpenAI clients pointed at .../v1beta/openai (key as on /v1beta).
  app.get('/v1beta/openai/models', { config: { surface: openAISurface } satisfies RelayRouteConfig }, async (req) => {
    return { success: true, object: 'list', data: await listModelsFor(deps.relay, await authenticate(deps, req, geminiKey)) };
  });
  const gemini = { config: { surface: geminiSurface } satisfies RelayRouteConfig };
  app.get('/v1beta/models', gemini, async (req) => geminiModelList(await listModelsFor(deps.relay, await authenticate(deps, req, geminiKey))));
  app.get('/v1beta/models/:model', gemini, async (req) => {
    const principal = await authenticate(deps, req, geminiKey);
    const id = (req.params as { model: string }).model.replace(/^models\//, '');
    const found = (await listModelsFor(deps.relay, principal)).find((m) => m.id === id);
    if (!found) throw modelNotFound(id);
    return geminiModel(found);
  });

  // Responses the gateway stored (answered through the chat bridge), for their owner's keys; not billed.
  const stored = { config: { surface: openAISurface } satisfies RelayRouteConfig };
  const owner = async (req: FastifyRequest) => ({ userId: (await authenticate(deps, req, bearer, true)).userId, id: (req.params as { id: string }).id });
  app.get('/v1/responses/:id', stored, async (req) => {
    const { userId, id } = await owner(req);
    return retrieveStoredResponse(deps.relay.responsesStore, userId, id);
  });
  app.delete('/v1/responses/:id', stored, async (req) => {
    const { userId, id } = await owner(req);
    return deleteStoredResponse(deps.relay.responsesStore, userId, id);
  });
  app.get('/v1/responses/:id/input_items', stored, async (req) => {
    const { userId, id } = await owner(req);
    return listStoredInputItems(deps.relay.responsesStore, userId, id, (req.query as { order?: unknown }).order);
  });

  // What new-api routes but answers 501 (files, fine-tunes, image variations, model deletion), after the key check.
  notImplementedRoutes(app, (req) => authenticate(deps, req, header(req, 'x-api-key') ? claudeKey : bearer, true));
}

const modelNotFound = (id: string) => new RelayError(404, 'model_not_found', `the model ${id} does not exist or you do not have access to it`, 'client', 'invalid_request_error');

function authenticate(deps: RelayRouteDeps, req: FastifyRequest, keyOf: KeySource, deferUserQuotaCheck = false): Promise<ApiKeyPrincipal> {
  return authenticateApiKey(keyOf(req), req.ip, { db: deps.relay.db, usableGroups: deps.usableGroups, cache: deps.relay.keyCache, deferUserQuotaCheck });
}

async function handle(deps: RelayRouteDeps, req: FastifyRequest, reply: FastifyReply, r: { surface: Surface; endpoint: RelayEndpoint; keyOf: KeySource }) {
  const startedAt = Date.now();
  // runRelay checks the balance once it knows the request is not served by the user's own key.
  const principal = await authenticate(deps, req, r.keyOf, true);
  return relayAuthenticated(deps, req, reply, r, principal, parseBody(req, r), startedAt);
}

/** Relays a parsed request whose caller is known: an API key's, or the playground's signed-in user. */
async function relayAuthenticated(deps: RelayRouteDeps, req: FastifyRequest, reply: FastifyReply, r: { surface: Surface; endpoint: RelayEndpoint }, principal: ApiKeyPrincipal, parsed: ParsedRelayBody, startedAt: number) {
  const requestId = nextRequestId();
  const path = req.url.split('?')[0];
  const userAgent = header(req, 'user-agent');
  // With Redis, channel affinity reads the request key's remembered channel before routing.
  const affinityLoaded = deps.relay.channelAffinity?.prefetch(deps.relay, principal, parsed.model, { body: parsed.body, path, userAgent });
  if (affinityLoaded) await affinityLoaded;
  reply.hijack();
  const headers: Record<string, string> = { 'x-request-id': requestId, 'x-oneapi-request-id': requestId, 'x-new-api-version': deps.version };
  // A hijacked reply sends none of the Fastify reply's headers: the CORS ones go into ClientIO's own.
  copyOpenCorsHeaders(reply, headers);
  // The response cache records what is sent only for the requests it takes part in.
  // An answer priced for its own request (usage accounting) is never kept for another.
  const cache = parsed.reportCost ? undefined : deps.relay.responseCache?.policyFor(r.endpoint, (name) => header(req, name));
  const io = cache ? new RecordingClientIO(reply.raw, headers) : new ClientIO(reply.raw, headers);
  const claudeHeaders = r.surface === claudeSurface ? claudeClientHeaders(req) : undefined;
  const work = runRelay(deps.relay, { requestId, surface: r.surface, endpoint: r.endpoint, principal, ...parsed, clientIp: req.ip, path, startedAt, claudeHeaders, userAgent, cache }, io);
  deps.relay.inflight.add(work);
  try {
    await work;
  } catch (err) {
    const error = toRelayError(err);
    if (error.status >= 500 && !(err instanceof RelayError)) req.log.error({ err, requestId }, 'relay failed');
    if (!io.started) io.sendJson(error.status, r.surface.errorBody(error), error.headers);
    else io.end();
  } finally {
    deps.relay.inflight.delete(work);
    deps.relay.metrics?.relayAnswered(r.endpoint, reply.raw.statusCode);
  }
}

interface ParsedRelayBody {
  body: RelayBody;
  model: string;
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number;
  /** OpenRouter's usage accounting (`usage: {"include": true}` on chat): the answer's usage says what it cost. */
  reportCost?: boolean;
}

function parseBody(req: FastifyRequest, r: { endpoint: RelayEndpoint }): ParsedRelayBody {
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const contentType = String(req.headers['content-type'] ?? '');
  if (contentType.startsWith('multipart/form-data')) {
    const boundary = multipartBoundary(contentType);
    if (!boundary) throw invalidRequest('the multipart body has no boundary');
    let fields;
    try {
      fields = decodeMultipart(raw, boundary);
    } catch (err) {
      throw invalidRequest(err instanceof MultipartError ? err.message : 'the multipart body could not be read');
    }
    const model = fields.find((f) => f.name === 'model')?.value;
    return { body: { kind: 'multipart', fields }, model: typeof model === 'string' ? model.trim() : (DEFAULT_MODELS[r.endpoint] ?? ''), stream: fields.some((f) => f.name === 'stream' && f.value === 'true'), includeUsage: true, maxTokens: 0 };
  }
  if (raw.length === 0) throw invalidRequest('the request body is empty; send a JSON object');
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidRequest('the request body is not valid JSON', 'invalid_json');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw invalidRequest('the request body must be a JSON object');
  let body = json as Record<string, unknown>;
  const pathModel = (req.params as { model?: unknown }).model;
  if (typeof pathModel === 'string' && pathModel !== '') body = { ...body, model: pathModel };
  let model: unknown = body.model;
  let stream = body.stream === true;
  if (r.endpoint === 'gemini.generate' || r.endpoint === 'gemini.embed') {
    const target = geminiTarget(req);
    model = target.model;
    stream = target.action === 'streamGenerateContent';
    if (target.action === 'batchEmbedContents' && !Array.isArray(body.requests)) throw invalidRequest('batchEmbedContents takes `requests`, an array of embedContent requests');
    if (target.action === 'embedContent' && body.requests !== undefined) throw invalidRequest('embedContent takes one `content`; send several to batchEmbedContents');
    // countTokens also takes the whole request it would count, wrapped.
    const wrapped = body.generateContentRequest;
    if (target.action === 'countTokens' && wrapped && typeof wrapped === 'object' && !Array.isArray(wrapped)) body = wrapped as Record<string, unknown>;
  }
  if (model === undefined || model === null || model === '') model = DEFAULT_MODELS[r.endpoint] ?? '';
  if (typeof model !== 'string') throw invalidRequest('model must be a string');
  if (model.length > 200) throw invalidRequest('model is too long');
  assertRequestShape(r.endpoint, body);
  let reportCost = false;
  if (r.endpoint === 'chat' || r.endpoint === 'completions') ({ body, reportCost } = takeUsageAccounting(body));
  const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
  const generation = body.generationConfig as { maxOutputTokens?: unknown } | undefined;
  const maxTokens = Math.max(num(body.max_tokens), num(body.max_completion_tokens), num(body.max_output_tokens), num(generation?.maxOutputTokens));
  return { body: { kind: 'json', json: body, raw: body === json ? raw : undefined }, model: model.trim(), stream, includeUsage: reportCost || streamOptions?.include_usage !== false, maxTokens, reportCost };
}

const GEMINI_ACTIONS = ['generateContent', 'streamGenerateContent', 'embedContent', 'batchEmbedContents', 'countTokens'] as const;
type GeminiAction = (typeof GEMINI_ACTIONS)[number];

/** What follows the last colon of a Gemini path (`/v1beta/models/{model}:{action}`); model names may hold colons. */
function geminiActionOf(req: FastifyRequest): string {
  const target = (req.params as { target?: string }).target ?? '';
  const at = target.lastIndexOf(':');
  return at < 0 ? '' : target.slice(at + 1);
}

/** The model and action of a Gemini path; an unknown action is the caller's mistake. */
function geminiTarget(req: FastifyRequest): { model: string; action: GeminiAction } {
  const action = geminiActionOf(req);
  if (!(GEMINI_ACTIONS as readonly string[]).includes(action)) throw invalidRequest(`unknown Gemini action "${action}"; use ${GEMINI_ACTIONS.join(', ')}`);
  const target = (req.params as { target?: string }).target ?? '';
  return { model: target.slice(0, target.lastIndexOf(':')).replace(/^models\//, ''), action: action as GeminiAction };
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

/** The Anthropic headers a Claude client sent that its upstream should see too (none: undefined). */
function claudeClientHeaders(req: FastifyRequest): Record<string, string> | undefined {
  const version = header(req, 'anthropic-version');
  const beta = header(req, 'anthropic-beta');
  if (version === undefined && beta === undefined) return undefined;
  return { ...(version ? { 'anthropic-version': version } : {}), ...(beta ? { 'anthropic-beta': beta } : {}) };
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) || undefined;
}

