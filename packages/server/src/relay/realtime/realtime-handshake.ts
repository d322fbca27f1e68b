import type { IncomingHttpHeaders } from 'node:http';
import { RelayError, invalidRequest } from '../relay-error.js';

/** Browsers cannot set headers, so OpenAI's realtime clients put the key in a subprotocol with this prefix. */
export const KEY_SUBPROTOCOL_PREFIX = 'openai-insecure-api-key.';
/** The subprotocol form of the `OpenAI-Beta: realtime=v1` header (OpenAI's browser example sends it). */
const BETA_SUBPROTOCOL = 'openai-beta.realtime-v1';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const WEBSOCKET_KEY = /^[+/0-9A-Za-z]{22}==$/;
const MAX_MODEL_LENGTH = 200;

/** What the gateway needs from a WebSocket upgrade request, read and checked before anything else. */
export interface RealtimeHandshake {
  model: string;
  /** The raw `Authorization` value or the key carried by the subprotocol list; undefined when neither. */
  apiKey: string | undefined;
  /** The subprotocols the client offered, in order (the key element included). */
  protocols: string[];
  /** `OpenAI-Beta` to send upstream, if the client asked for one. */
  openaiBeta: string | undefined;
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** Reads the handshake; throws the 400 a client gets for a malformed one. */
export function readHandshake(headers: IncomingHttpHeaders, query: URLSearchParams): RealtimeHandshake {
  if (first(headers.upgrade)?.toLowerCase() !== 'websocket') throw upgradeRequired();
  const key = first(headers['sec-websocket-key'])?.trim();
  if (!key || !WEBSOCKET_KEY.test(key)) throw invalidRequest('the WebSocket handshake has no valid Sec-WebSocket-Key', 'invalid_websocket_handshake');
  if (first(headers['sec-websocket-version'])?.trim() !== '13') throw invalidRequest('only WebSocket version 13 is supported', 'invalid_websocket_handshake');
  const protocols = parseProtocols(first(headers['sec-websocket-protocol']));
  const model = (query.get('model') ?? '').trim();
  if (!model) throw invalidRequest('the model query parameter is required: /v1/realtime?model=<model>', 'model_required');
  if (model.length > MAX_MODEL_LENGTH) throw invalidRequest('model is too long');
  const keyElement = protocols.find((p) => p.startsWith(KEY_SUBPROTOCOL_PREFIX));
  const apiKey = keyElement !== undefined ? keyElement.slice(KEY_SUBPROTOCOL_PREFIX.length) : first(headers.authorization);
  const openaiBeta = first(headers['openai-beta']) ?? (protocols.includes(BETA_SUBPROTOCOL) ? 'realtime=v1' : undefined);
  return { model, apiKey, protocols, openaiBeta };
}

/** A comma-separated list of RFC 7230 tokens; anything else is the client's malformed request. */
function parseProtocols(header: string | undefined): string[] {
  if (header === undefined || header.trim() === '') return [];
  const list = header.split(',').map((p) => p.trim());
  if (list.some((p) => !TOKEN.test(p)) || new Set(list).size !== list.length) {
    throw invalidRequest('the Sec-WebSocket-Protocol header is malformed', 'invalid_websocket_handshake');
  }
  return list;
}

/**
 * The subprotocol to answer with: `realtime` when offered (the OpenAI SDK's), else the first offered
 * one that is not the key element — which is never echoed back, as it would put the key in a response.
 */
export function chooseSubprotocol(offered: ReadonlySet<string> | readonly string[]): string | false {
  const list = [...offered].filter((p) => !p.startsWith(KEY_SUBPROTOCOL_PREFIX));
  if (list.includes('realtime')) return 'realtime';
  return list[0] ?? false;
}

export const upgradeRequired = () =>
  new RelayError(426, 'upgrade_required', 'the Realtime API is served over WebSocket: connect to wss://<host>/v1/realtime?model=<model>', 'client', 'invalid_request_error', { upgrade: 'websocket' });
