/**
 * Gemini's own embeddings API (`:embedContent` for one content, `:batchEmbedContents` for several) as
 * the Gemini surface receives it, and its conversion to and from OpenAI embeddings for channels that
 * only speak OpenAI.
 */
import { isJsonObject } from '../json-object.js';

/** A batch request carries `requests`; a single one carries `content`. */
export const isBatchEmbedRequest = (json: Record<string, unknown>): boolean => Array.isArray(json.requests);

/** The text of one Gemini content: its text parts, joined by line breaks. */
function contentText(content: unknown): string {
  if (!isJsonObject(content) || !Array.isArray(content.parts)) return '';
  return content.parts
    .map((part: unknown) => (isJsonObject(part) && typeof part.text === 'string' ? part.text : ''))
    .filter((text: string) => text !== '')
    .join('\n');
}

/** The text of each embedding the request asks for, in order. */
export function geminiEmbedTexts(json: Record<string, unknown>): string[] {
  if (isBatchEmbedRequest(json)) return (json.requests as unknown[]).map((r) => contentText(isJsonObject(r) ? r.content : undefined));
  return [contentText(json.content)];
}

/** The OpenAI embeddings request for a Gemini one; outputDimensionality becomes `dimensions`. */
export function geminiEmbedToOpenAI(json: Record<string, unknown>, model: string): Record<string, unknown> {
  const batch = isBatchEmbedRequest(json);
  const texts = geminiEmbedTexts(json);
  const first = batch ? (json.requests as unknown[])[0] : json;
  const dimensions = isJsonObject(first) && typeof first.outputDimensionality === 'number' ? { dimensions: first.outputDimensionality } : {};
  return { model, input: batch ? texts : texts[0], encoding_format: 'float', ...dimensions };
}

/** An OpenAI embeddings answer in Gemini's shape: `{embedding}` for one content, `{embeddings}` for a batch. */
export function openAIToGeminiEmbeddings(body: unknown, batch: boolean): Record<string, unknown> {
  const data = isJsonObject(body) && Array.isArray(body.data) ? (body.data as unknown[]) : [];
  const vectors = data
    .filter(isJsonObject)
    .sort((a, b) => (Number(a.index) || 0) - (Number(b.index) || 0))
    .map((item) => {
      if (!Array.isArray(item.embedding)) throw new Error('an embedding that is not a list of numbers');
      return { values: item.embedding as number[] };
    });
  if (vectors.length === 0) throw new Error('no embeddings in the answer');
  return batch ? { embeddings: vectors } : { embedding: vectors[0] };
}
