/** Hub embeddings and rerank ↔ Cohere v2 /embed and /rerank. */
import { invalidRequest } from '../../relay-error.js';
import { emptyUsage, type Usage } from '../../formats/usage.js';
import { fromCohereUsage } from './chat-response.js';
import type { CohereEmbedResponse, CohereRerankResponse } from './types.js';

/**
 * OpenAI embeddings take text or token ids; Cohere takes text only. `input_type` is required by
 * Cohere's v3+ models: a client may send its own, otherwise texts are embedded as documents.
 */
export function toCohereEmbedRequest(body: Record<string, unknown>, model: string): Record<string, unknown> {
  const input = body.input;
  const texts = typeof input === 'string' ? [input] : Array.isArray(input) && input.every((t) => typeof t === 'string') ? (input as string[]) : undefined;
  if (!texts) throw invalidRequest('Cohere embeddings accept text input only (a string or an array of strings)');
  const out: Record<string, unknown> = {
    model,
    texts,
    input_type: typeof body.input_type === 'string' ? body.input_type : 'search_document',
    embedding_types: ['float'],
  };
  if (typeof body.dimensions === 'number') out.output_dimension = body.dimensions;
  if (typeof body.truncate === 'string') out.truncate = body.truncate;
  return out;
}

/** Floats as OpenAI's base64 encoding: little-endian float32 bytes. */
const floatsToBase64 = (values: number[]): string => Buffer.from(new Float32Array(values).buffer).toString('base64');

export function fromCohereEmbedResponse(response: CohereEmbedResponse, model: string, encodingFormat: unknown): { body: unknown; usage: Usage | undefined } {
  const vectors = response.embeddings?.float ?? [];
  const usage = fromCohereUsage(response.meta);
  const promptTokens = usage?.promptTokens ?? 0;
  return {
    body: {
      object: 'list',
      data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding: encodingFormat === 'base64' ? floatsToBase64(embedding) : embedding })),
      model,
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    },
    usage,
  };
}

/** Cohere v2 reranks plain strings; a `{text}` document gives its text, any other object its JSON. */
const documentText = (doc: unknown): string =>
  typeof doc === 'string' ? doc : typeof (doc as { text?: unknown })?.text === 'string' ? (doc as { text: string }).text : JSON.stringify(doc);

export function toCohereRerankRequest(body: Record<string, unknown>, model: string): { request: Record<string, unknown>; documents: string[] } {
  if (typeof body.query !== 'string' || !Array.isArray(body.documents)) throw invalidRequest('rerank needs a query string and a documents array');
  const documents = body.documents.map(documentText);
  const request: Record<string, unknown> = { model, query: body.query, documents };
  if (typeof body.top_n === 'number') request.top_n = body.top_n;
  if (typeof body.max_tokens_per_doc === 'number') request.max_tokens_per_doc = body.max_tokens_per_doc;
  return { request, documents };
}

/**
 * Results in the hub rerank shape (`{results: [{index, relevance_score, document?}], usage}`), the
 * documents added back when the client asked for them. Cohere bills rerank per search unit, not per
 * token: usage carries tokens only when Cohere reports them, else none (priced per call).
 */
export function fromCohereRerankResponse(
  response: CohereRerankResponse,
  request: { documents: string[]; returnDocuments: boolean },
): { body: unknown; usage: Usage | undefined } {
  const results = (response.results ?? []).map((r) => ({
    index: r.index,
    relevance_score: r.relevance_score,
    ...(request.returnDocuments ? { document: { text: request.documents[r.index] ?? '' } } : {}),
  }));
  const input = response.meta?.tokens?.input_tokens ?? response.meta?.billed_units?.input_tokens;
  const usage = typeof input === 'number' ? { ...emptyUsage('openai'), promptTokens: input } : undefined;
  return { body: { id: response.id, results, usage: { prompt_tokens: input ?? 0, total_tokens: input ?? 0 } }, usage };
}
