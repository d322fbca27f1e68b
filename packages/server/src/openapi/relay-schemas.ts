/**
 * The relay's request bodies, described by hand: they are the providers' public formats (OpenAI,
 * Anthropic, Gemini), passed through with only `model` and `stream` read by the gateway.
 */
import { NOT_IMPLEMENTED_ROUTES } from '../relay/compat/not-implemented.js';

const message = { type: 'object', properties: { role: { type: 'string' }, content: {} }, required: ['role'] };
/** OpenRouter's fallback list, on any JSON surface that names its model: tried in order when the model's channels fail. */
const models = { type: 'array', maxItems: 10, items: { type: 'string' }, description: 'fallback models, tried in order when every channel of `model` failed or none serves it (the first is the model when `model` is missing); not sent upstream' };

export const relaySchemas: Record<string, { summary: string; body?: object }> = {
  'POST /v1/chat/completions': {
    summary:
      'OpenAI chat completions (any channel type; converted where needed). Optional `models` fallback list; `usage: {"include": true}` (OpenRouter usage accounting) adds `cost` in dollars to the answer\'s usage; with the response cache on, `X-Gateway-Cache: true|false` and `X-Gateway-Cache-TTL` ask for or skip a cached answer (answered `X-Gateway-Cache: hit|miss`)',
    body: { type: 'object', required: ['messages'], properties: { model: { type: 'string' }, models, messages: { type: 'array', items: message }, stream: { type: 'boolean' }, max_tokens: { type: 'integer' }, tools: { type: 'array' }, usage: { type: 'object', properties: { include: { type: 'boolean' } } } } },
  },
  'POST /pg/chat/completions': {
    summary: "Playground: OpenAI chat completions for the signed-in console user (session + New-Api-User, no API key); billed to the user, logged as token playground-<group>; optional `group` (one the user may use)",
    body: { type: 'object', required: ['model', 'messages'], properties: { model: { type: 'string' }, group: { type: 'string' }, messages: { type: 'array', items: message }, stream: { type: 'boolean' }, max_tokens: { type: 'integer' }, temperature: { type: 'number' }, top_p: { type: 'number' } } },
  },
  'POST /v1/completions': { summary: 'OpenAI legacy completions', body: { type: 'object', required: ['model'], properties: { model: { type: 'string' }, prompt: {}, stream: { type: 'boolean' } } } },
  'POST /v1/embeddings': { summary: 'OpenAI embeddings', body: { type: 'object', required: ['model', 'input'], properties: { model: { type: 'string' }, input: {} } } },
  'POST /v1/images/generations': { summary: 'Image generation', body: { type: 'object', required: ['prompt'], properties: { model: { type: 'string' }, prompt: { type: 'string' }, n: { type: 'integer' }, size: { type: 'string' } } } },
  'POST /v1/images/edits': { summary: 'Image edits (multipart/form-data)' },
  'POST /v1/edits': { summary: 'Image edits under new-api’s legacy /v1/edits path (same as /v1/images/edits)' },
  'POST /v1/audio/speech': { summary: 'Text to speech', body: { type: 'object', required: ['model', 'input'], properties: { model: { type: 'string' }, input: { type: 'string' }, voice: { type: 'string' } } } },
  'POST /v1/audio/transcriptions': { summary: 'Speech to text (multipart/form-data)' },
  'POST /v1/audio/translations': { summary: 'Speech translation (multipart/form-data)' },
  'POST /v1/moderations': { summary: 'Moderation', body: { type: 'object', required: ['input'], properties: { model: { type: 'string' }, input: {} } } },
  'POST /v1/rerank': { summary: 'Rerank documents', body: { type: 'object', required: ['model', 'query', 'documents'], properties: { model: { type: 'string' }, query: { type: 'string' }, documents: { type: 'array' } } } },
  'POST /v1/responses': { summary: 'OpenAI Responses API', body: { type: 'object', required: ['model'], properties: { model: { type: 'string' }, models, input: {}, stream: { type: 'boolean' } } } },
  'POST /v1/responses/compact': {
    summary: 'OpenAI Responses compaction: one response.compaction object, billed by its usage (OpenAI, Azure and custom channels; never streamed)',
    body: { type: 'object', required: ['model'], properties: { model: { type: 'string' }, input: {}, instructions: { type: 'string' }, previous_response_id: { type: 'string' }, prompt_cache_key: { type: 'string' } } },
  },
  'POST /v1/messages': {
    summary: 'Anthropic Messages (x-api-key or Bearer)',
    body: { type: 'object', required: ['model', 'messages', 'max_tokens'], properties: { model: { type: 'string' }, models, messages: { type: 'array', items: message }, system: {}, max_tokens: { type: 'integer' }, stream: { type: 'boolean' } } },
  },
  'POST /v1beta/models/:target': { summary: 'Gemini generateContent / streamGenerateContent (target = model:action; x-goog-api-key, ?key= or Bearer)', body: { type: 'object', required: ['contents'], properties: { contents: { type: 'array' }, systemInstruction: {}, generationConfig: { type: 'object' } } } },
  'POST /v1/models/:target': { summary: 'Gemini actions under /v1, as on /v1beta/models/:target (target = model:action)', body: { type: 'object', properties: { contents: { type: 'array' }, content: { type: 'object' }, requests: { type: 'array' } } } },
  'POST /v1/messages/count_tokens': { summary: 'Anthropic token count of a Messages request (estimated locally: no upstream call, no charge)', body: { type: 'object', required: ['model', 'messages'], properties: { model: { type: 'string' }, messages: { type: 'array' }, system: {}, tools: { type: 'array' } } } },
  'GET /v1/models': { summary: "Models this key may use (Anthropic's list shape when x-api-key and anthropic-version are sent)" },
  'GET /v1beta/openai/models': { summary: "Models this key may use, in OpenAI's list shape (Gemini's OpenAI-compatible path; x-goog-api-key, ?key= or Bearer)" },
  'GET /v1beta/models': { summary: "Models this key may use, in Gemini's list shape" },
  'GET /v1beta/models/:model': { summary: "One model this key may use, in Gemini's shape" },
  'GET /dashboard/billing/subscription': { summary: "OpenAI legacy billing: this key's limit (or its owner's, per DisplayTokenStatEnabled)" },
  'GET /v1/dashboard/billing/subscription': { summary: "OpenAI legacy billing: this key's limit (or its owner's, per DisplayTokenStatEnabled)" },
  'GET /dashboard/billing/usage': { summary: 'OpenAI legacy billing: amount used, in cents (start_date / end_date are ignored)' },
  'GET /v1/dashboard/billing/usage': { summary: 'OpenAI legacy billing: amount used, in cents (start_date / end_date are ignored)' },
  'GET /v1/models/:model': { summary: 'One model this key may use' },
  'GET /v1/responses/:id': { summary: 'A response stored by the gateway (a Responses request answered on a chat-only channel; not billed)' },
  'DELETE /v1/responses/:id': { summary: 'Deletes a response stored by the gateway' },
  'GET /v1/responses/:id/input_items': { summary: 'The input items of a response stored by the gateway' },
  ...Object.fromEntries(NOT_IMPLEMENTED_ROUTES.map(([method, url]) => [`${method} ${url}`, { summary: 'Not implemented: HTTP 501 api_not_implemented once the key is checked, as new-api answers' }])),
};
