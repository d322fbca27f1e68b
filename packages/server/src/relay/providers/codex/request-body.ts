/**
 * What the ChatGPT backend's Codex Responses API takes: a Responses request as the Codex CLI sends it.
 * It answers only streams and stores nothing (`stream: true`, `store: false`, else 400 "Stream must be
 * set to true" / "Store must be set to false"), wants an `instructions` string ("Instructions are
 * required"), a list as `input` ("Input must be a list"), and refuses the sampling and length parameters
 * ("Unsupported parameter: max_output_tokens", temperature, top_p, truncation…).
 */
import { isJsonObject } from '../../formats/json-object.js';

type Json = Record<string, any>;

/** Parameters of the public Responses API (and chat leftovers) the backend refuses. */
const UNSUPPORTED = ['max_output_tokens', 'max_tokens', 'max_completion_tokens', 'temperature', 'top_p', 'frequency_penalty', 'presence_penalty', 'truncation'] as const;

/** A message's content as parts: text is `output_text` in the assistant's messages, `input_text` in the others'. */
function contentParts(content: unknown, role: string): unknown {
  if (typeof content !== 'string') return content;
  return [{ type: role === 'assistant' ? 'output_text' : 'input_text', text: content }];
}

/** One input item: messages with text content as parts, and `system` (which the backend does not take) as `developer`. */
function inputItem(item: unknown): unknown {
  if (!isJsonObject(item)) return item;
  const isMessage = item.type === 'message' || (item.type === undefined && typeof item.role === 'string');
  if (!isMessage) return item;
  const role = item.role === 'system' ? 'developer' : String(item.role ?? 'user');
  return { ...item, type: 'message', role, content: contentParts(item.content, role) };
}

/** The input as a list of items: a bare string is one user message. */
function inputList(input: unknown): unknown {
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: input }] }];
  return Array.isArray(input) ? input.map(inputItem) : input;
}

/**
 * The body sent to `/backend-api/codex/responses` (or `/responses/compact`, which answers one JSON
 * object: only the model, instructions and input are adjusted there).
 */
export function codexRequestBody(source: Json, upstreamModel: string, compact: boolean): Json {
  const body: Json = { ...source, model: upstreamModel };
  if (typeof body.instructions !== 'string') body.instructions = '';
  if (body.input !== undefined) body.input = inputList(body.input);
  if (compact) return body;
  for (const key of UNSUPPORTED) delete body[key];
  body.stream = true;
  body.store = false;
  return body;
}
