/** OpenAI embeddings ↔ Gemini embedContent / batchEmbedContents, and Gemini's own embedding requests passed through. */
import { emptyUsage } from '../../formats/usage.js';
import { invalidRequest } from '../../relay-error.js';
import { countTextTokens } from '../../usage/token-counter.js';
import { isBatchEmbedRequest } from '../../formats/gemini/embeddings.js';
import { badResponseBody, parseJsonBody } from '../openai-compatible/index.js';
import type { ProviderResponse, RelayBody } from '../provider-adapter.js';
import { isJsonObject } from '../../formats/json-object.js';

export interface EmbeddingNote {
  /** The input texts, to estimate usage when Gemini reports none. */
  texts: string[];
  /** OpenAI clients (the official SDK by default) may ask for base64 float32 vectors. */
  base64: boolean;
  model: string;
}

export interface GeminiEmbeddingRequest {
  action: 'embedContent' | 'batchEmbedContents';
  json: Record<string, unknown>;
  note: EmbeddingNote;
}

function inputTexts(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  if (Array.isArray(input) && input.length && input.every((t) => typeof t === 'string')) return input as string[];
  throw invalidRequest('Gemini embeddings take text: `input` must be a string or a non-empty array of strings');
}

/**
 * One string → embedContent; an array → batchEmbedContents with one request per string (each names
 * its model, as that API requires). `dimensions` becomes outputDimensionality.
 */
export function geminiEmbeddingRequest(body: RelayBody, model: string): GeminiEmbeddingRequest {
  if (body.kind !== 'json') throw invalidRequest('embeddings take a JSON body');
  const source = body.json;
  const texts = inputTexts(source.input);
  const dimensions = typeof source.dimensions === 'number' ? { outputDimensionality: source.dimensions } : {};
  const note: EmbeddingNote = { texts, base64: source.encoding_format === 'base64', model };
  const content = (text: string) => ({ parts: [{ text }] });
  if (typeof source.input === 'string') return { action: 'embedContent', json: { content: content(texts[0]), ...dimensions }, note };
  const requests = texts.map((text) => ({ model: `models/${model}`, content: content(text), ...dimensions }));
  return { action: 'batchEmbedContents', json: { requests }, note };
}

/** A float32 vector as OpenAI's base64 encoding: little-endian IEEE 754 bytes. */
function toBase64(values: number[]): string {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => bytes.writeFloatLE(v, i * 4));
  return bytes.toString('base64');
}

const vectorOf = (e: unknown): number[] => {
  if (!isJsonObject(e) || !Array.isArray(e.values)) throw badResponseBody('an embedding without values');
  return e.values as number[];
};

/** The Gemini answer in the OpenAI shape; usage from usageMetadata if reported, else counted from the input. */
export function parseGeminiEmbeddings(raw: Uint8Array, note: EmbeddingNote): ProviderResponse {
  const body = parseJsonBody(raw);
  let vectors: number[][];
  if (Array.isArray(body.embeddings)) vectors = body.embeddings.map(vectorOf);
  else if (isJsonObject(body.embedding)) vectors = [vectorOf(body.embedding)];
  else throw badResponseBody('no embeddings in the answer');
  const reported = isJsonObject(body.usageMetadata) && typeof body.usageMetadata.promptTokenCount === 'number' ? body.usageMetadata.promptTokenCount : undefined;
  const promptTokens = reported ?? note.texts.reduce((sum, text) => sum + countTextTokens(text), 0);
  return {
    body: {
      object: 'list',
      data: vectors.map((values, index) => ({ object: 'embedding', index, embedding: note.base64 ? toBase64(values) : values })),
      model: note.model,
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    },
    usage: { ...emptyUsage(), promptTokens },
  };
}

/**
 * A Gemini client's own embedding request, for the channel's model: the action follows the body's shape,
 * and each request of a batch names the URL's model, as Google requires (the client named the model it
 * asked the gateway for, which the channel may map to another).
 */
export function nativeEmbeddingRequest(body: RelayBody, model: string): { action: GeminiEmbeddingRequest['action']; json: Record<string, unknown> } {
  if (body.kind !== 'json') throw invalidRequest('embeddings take a JSON body');
  const json = body.json;
  if (!isBatchEmbedRequest(json)) return { action: 'embedContent', json: { ...json, model: `models/${model}` } };
  const requests = (json.requests as unknown[]).map((r) => (isJsonObject(r) ? { ...r, model: `models/${model}` } : r));
  return { action: 'batchEmbedContents', json: { ...json, requests } };
}

/** Gemini's answer to a native embedding request, passed on as it came; usage only if Gemini reports it. */
export function parseNativeEmbeddings(raw: Uint8Array): ProviderResponse {
  const body = parseJsonBody(raw);
  if (!Array.isArray(body.embeddings) && !isJsonObject(body.embedding)) throw badResponseBody('no embeddings in the answer');
  const reported = isJsonObject(body.usageMetadata) && typeof body.usageMetadata.promptTokenCount === 'number' ? body.usageMetadata.promptTokenCount : undefined;
  return { body, raw, usage: reported === undefined ? undefined : { ...emptyUsage(), promptTokens: reported } };
}
