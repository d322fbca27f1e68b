import type { OpenAIModelEntry } from '../anthropic/models-from-openai.js';

export interface GeminiModel {
  /** `models/<id>`. */
  name: string;
  displayName: string;
  supportedGenerationMethods: string[];
}

/** The actions the gateway's `/v1beta/models/{model}:{action}` route serves. */
const GENERATION_METHODS = ['generateContent', 'streamGenerateContent'];

/** One model as Gemini's `GET /v1beta/models/{model}` answers it. */
export function geminiModel(entry: OpenAIModelEntry): GeminiModel {
  return { name: `models/${entry.id}`, displayName: entry.id, supportedGenerationMethods: [...GENERATION_METHODS] };
}

/** The whole list as one page of Gemini's `GET /v1beta/models` (the gateway never pages). */
export function geminiModelList(entries: readonly OpenAIModelEntry[]): { models: GeminiModel[]; nextPageToken: string } {
  return { models: entries.map(geminiModel), nextPageToken: '' };
}
