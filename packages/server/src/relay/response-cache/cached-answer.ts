import type { Usage } from '../formats/usage.js';

/** One answer kept by the response cache: the bytes the client got, and what they cost. */
export interface CachedAnswer {
  contentType: string;
  /** The whole answer: a JSON body, or a stream's events as they were sent. */
  body: string;
  usage: Usage;
  /** The model that answered (a fallback model, when one served) and its upstream name. */
  model: string;
  upstreamModel: string;
  /** When the answer was cached (Unix seconds). */
  cachedAt: number;
}

/** What an answer weighs in a cache's memory bound (its text, two bytes a character, and a margin). */
export function answerWeight(answer: CachedAnswer): number {
  return (answer.body.length + answer.contentType.length + answer.model.length + answer.upstreamModel.length) * 2 + 512;
}
