/** The generateContent body of one attempt; shared by the Gemini and Vertex (Gemini) adapters. */
import { openAIToGeminiRequest } from '../../formats/gemini/request-from-openai.js';
import type { ChatCompletionRequest } from '../../formats/openai/types.js';
import { invalidRequest } from '../../relay-error.js';
import type { AdapterContext, RelayBody } from '../provider-adapter.js';
import type { GeminiModelChoice } from './gemini-model.js';
import { isJsonObject } from '../../formats/json-object.js';

export interface GeminiRequestNote {
  /** Chat only: the client wants the final usage chunk (absent include_usage counts as yes). */
  clientWantsUsage: boolean;
}

export interface GeminiRequestBody {
  json: Record<string, unknown>;
  note: GeminiRequestNote;
}

function jsonOf(body: RelayBody): Record<string, unknown> {
  if (body.kind !== 'json') throw invalidRequest('Gemini channels take a JSON body');
  return body.json;
}

/**
 * The client's own generateContent body: everything forwarded, with the gateway's safety settings
 * when the client sent none and the thinking asked for by the model name unless it set its own.
 */
function nativeBody(source: Record<string, unknown>, ctx: AdapterContext, choice: GeminiModelChoice): Record<string, unknown> {
  const json: Record<string, unknown> = { ...source };
  if (json.safetySettings === undefined && ctx.settings.geminiSafetySettings.length) json.safetySettings = ctx.settings.geminiSafetySettings;
  if (choice.thinking) {
    const config = isJsonObject(json.generationConfig) ? { ...json.generationConfig } : {};
    if (config.thinkingConfig === undefined) {
      config.thinkingConfig = { thinkingBudget: choice.thinking.budgetTokens, includeThoughts: choice.thinking.includeThoughts };
      json.generationConfig = config;
    }
  }
  return json;
}

/** `chat`: the hub request converted to Gemini; `gemini.generate`: the client's body (see nativeBody). */
export function geminiRequestBody(body: RelayBody, ctx: AdapterContext, choice: GeminiModelChoice): GeminiRequestBody {
  const source = jsonOf(body);
  if (ctx.endpoint !== 'chat') return { json: nativeBody(source, ctx, choice), note: { clientWantsUsage: true } };
  const hub = { ...source, model: choice.model } as unknown as ChatCompletionRequest;
  const json = openAIToGeminiRequest(hub, {
    safetySettings: ctx.settings.geminiSafetySettings,
    ...(choice.thinking ? { thinking: choice.thinking } : {}),
    // Gemini 3 refuses replayed function calls without their thought signature.
    fillMissingThoughtSignatures: /gemini-3/i.test(choice.model),
  });
  const streamOptions = source.stream_options as { include_usage?: unknown } | null | undefined;
  return { json: json as Record<string, unknown>, note: { clientWantsUsage: streamOptions?.include_usage !== false } };
}
