/**
 * The contract between the relay pipeline and one upstream provider. Adapters are pure translators:
 * they build the upstream request and read the upstream answer; the pipeline does all I/O, retries,
 * billing and logging, and never names a vendor (architecture.md B6 rules 1–2).
 */
import type { Usage } from '../formats/usage.js';
import type { ParsedSseEvent } from '../streaming/sse-parser.js';

/**
 * What a request asks for, fixed by its route. `chat` is the hub format (OpenAI chat completions):
 * Claude- and Gemini-format requests are converted to it unless the channel speaks them natively.
 */
export type RelayEndpoint =
  | 'chat'
  | 'completions'
  | 'embeddings'
  | 'images.generations'
  | 'images.edits'
  | 'audio.speech'
  | 'audio.transcriptions'
  | 'audio.translations'
  | 'moderations'
  | 'rerank'
  | 'responses'
  /** OpenAI's `/v1/responses/compact`: one JSON answer (a `response.compaction` object), never streamed. */
  | 'responses.compact'
  | 'claude.messages'
  | 'gemini.generate'
  /** Gemini's `:embedContent` / `:batchEmbedContents` bodies, as the Gemini surface receives them. */
  | 'gemini.embed';

/** The channel as an adapter sees it. `key` is one credential (a multi-key channel's line is chosen by the pipeline). */
export interface ChannelInfo {
  id: number;
  type: number;
  name: string;
  key: string;
  /** Which of a multi-key channel's keys `key` is; undefined for a channel holding one. */
  keyIndex?: number;
  /** channel.base_url without a trailing slash, or the adapter's default when empty. */
  baseUrl: string;
  /** Type-specific extra text (api-version for Azure, region for Vertex/AWS, …). */
  other: string;
  openaiOrganization: string;
  /** Parsed channel.setting JSON ({} when empty). */
  setting: Record<string, unknown>;
}

/** Model-specific settings from the options (spec 2 §3 "Model-specific"), resolved for this request. */
export interface ModelSettings {
  geminiSafetySettings: { category: string; threshold: string }[];
  /** API version segment for Gemini URLs (default v1beta). */
  geminiVersion: string;
  /** max_tokens sent to Claude when the client gave none. */
  claudeDefaultMaxTokens: number;
  /** Extra headers for Claude (e.g. anthropic-beta) for this model. */
  claudeHeaders: Record<string, string>;
  /** Extended thinking budget when the client asked for a `-thinking` model; null otherwise. */
  claudeThinkingBudget: number | null;
}

/** Credentials that need I/O (Vertex service-account tokens) come from the pipeline through this port. */
export interface AuthPort {
  /**
   * An OAuth2 access token for a Google service account JSON (cached by the pipeline), exchanged through
   * `proxy` when the channel has one.
   */
  googleAccessToken(serviceAccountJson: string, scopes: string[], proxy?: string): Promise<string>;
  /**
   * A usable access token and the ChatGPT account id for a Codex channel's key (`channel.key`, its
   * `keyIndex` of a channel holding several). A token about to expire is refreshed first, through the
   * channel's proxy, and the new tokens are saved in the channel; concurrent callers share one refresh.
   * A refresh token the token endpoint refuses is an UpstreamRefusal; a key that cannot be read is a
   * ChannelConfigError.
   */
  codexAccess(channel: ChannelInfo): Promise<CodexAccess>;
}

/** What a Codex request is authorised with: `Authorization: Bearer <accessToken>` and `chatgpt-account-id`. */
export interface CodexAccess {
  accessToken: string;
  accountId: string;
}

/**
 * One attempt on one channel. The pipeline passes the same object to buildRequest, parseResponse,
 * createStreamTranslator and parseError of that attempt, so adapters may key per-request notes on it
 * (what the client asked for that the answer alone does not say, e.g. whether it wanted the usage chunk).
 */
export interface AdapterContext {
  endpoint: RelayEndpoint;
  channel: ChannelInfo;
  /** The model name sent upstream (after the channel's model mapping). */
  upstreamModel: string;
  stream: boolean;
  settings: ModelSettings;
  auth: AuthPort;
}

/** A multipart field for audio/image uploads. */
export interface MultipartField {
  name: string;
  value: string | { filename: string; contentType: string; data: Uint8Array };
}

/**
 * The incoming request body: parsed JSON, or multipart fields for file uploads. `raw` is the client's
 * bytes of that JSON; only the body the route parsed carries it (a converted body does not), and nothing
 * modifies a parsed body in place, so `raw` always says the same as `json`.
 */
export type RelayBody = { kind: 'json'; json: Record<string, unknown>; raw?: Uint8Array } | { kind: 'multipart'; fields: MultipartField[] };

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The channel's proxy (its `setting.proxy`), set by the pipeline rather than the adapter. */
  proxy?: string;
}

/** An upstream answer converted to the endpoint's outward format. */
export interface ProviderResponse {
  /** JSON for most endpoints; bytes for binary answers such as audio.speech. */
  body: unknown;
  /** Content type for binary bodies. */
  contentType?: string;
  usage?: Usage;
  /** The upstream's bytes, when `body` is their unchanged JSON: a surface that passes answers through sends these. */
  raw?: Uint8Array;
}

/** One event to send to the client: `data` is an object (serialised as JSON) or its JSON text as it came. */
export interface OutboundEvent {
  event?: string;
  data: unknown;
}

/** Translates one upstream SSE stream into outward events (hub chunks for `chat`, native events otherwise). */
export interface StreamTranslator {
  push(event: ParsedSseEvent): OutboundEvent[];
  end(): OutboundEvent[];
  /** Usage reported by the upstream so far, if any. */
  usage(): Usage | undefined;
  /**
   * Text produced so far for local token counting when no usage arrives (optional). A translator may
   * hold back the text of events it did not need to parse yet; `all` asks for that too (the pipeline
   * asks once at the end, when it must count).
   */
  drainText?(all?: boolean): string;
  /**
   * True once the upstream marked the end of its answer (OpenAI's `[DONE]`): what follows carries
   * nothing for the client, so the pipeline ends the client's answer in the same write (optional).
   */
  complete?(): boolean;
}

/**
 * Translates an upstream stream that is not SSE (AWS Bedrock's binary event-stream framing) from the
 * raw body bytes. The pipeline feeds it the body chunks as they arrive instead of parsing SSE; it
 * throws a RelayError when the bytes are corrupt (bad checksum, truncated frame).
 */
export interface ByteStreamTranslator {
  push(chunk: Uint8Array): OutboundEvent[];
  end(): OutboundEvent[];
  usage(): Usage | undefined;
  drainText?(all?: boolean): string;
  complete?(): boolean;
  /**
   * The client-ready text of the last push when its events passed unchanged and the upstream framed
   * them exactly as the pipeline would (SSE streams only); undefined otherwise.
   */
  verbatim?(): string | undefined;
}

/** What an upstream error says, for the client message, retry and auto-disable decisions. */
export interface UpstreamErrorInfo {
  message: string;
  type?: string;
  code?: string;
  /** How long the upstream said it will refuse (a usage limit's reset), when its body says so; a Retry-After header wins. */
  retryAfterSeconds?: number;
}

export interface ProviderAdapter {
  readonly name: string;
  /** Channel type numbers (spec 2 §3) served by this adapter. */
  readonly channelTypes: readonly number[];
  readonly defaultBaseUrl: string;
  /**
   * True when the upstream cannot take the client's bytes as they are (the body is signed, or the model
   * moves from the body into the URL): pass-through mode then still builds the request normally.
   */
  readonly rewritesNativeBody?: boolean;
  supports(endpoint: RelayEndpoint): boolean;
  buildRequest(body: RelayBody, ctx: AdapterContext): UpstreamRequest | Promise<UpstreamRequest>;
  parseResponse(raw: Uint8Array, contentType: string, ctx: AdapterContext): ProviderResponse;
  /** Whether an answer of this content type is a stream to translate event by event. */
  isStream(contentType: string, ctx: AdapterContext): boolean;
  createStreamTranslator(ctx: AdapterContext): StreamTranslator;
  /** True for an upstream model this channel serves only through the Responses API: chat requests for it go there. */
  servesOnlyByResponses?(upstreamModel: string): boolean;
  /**
   * For streams that are not SSE: a translator fed the raw body bytes, used by the pipeline instead
   * of SSE parsing when it returns one (undefined for this content type → SSE as usual).
   */
  createByteStreamTranslator?(ctx: AdapterContext, contentType: string): ByteStreamTranslator | undefined;
  parseError(status: number, raw: string, ctx: AdapterContext): UpstreamErrorInfo;
  /** Lists the upstream's models (console "fetch models"). */
  modelList?: { request(channel: ChannelInfo): UpstreamRequest; parse(raw: string): string[] };
  /** Reads the account balance, for providers that expose one. */
  balance?: { request(channel: ChannelInfo): UpstreamRequest; parse(raw: string): number };
}
