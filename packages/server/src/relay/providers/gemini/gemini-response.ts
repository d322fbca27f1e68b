/** Reads a non-streamed generateContent answer (Gemini API and Vertex). */
import { geminiToOpenAIResponse } from '../../formats/gemini/response-to-openai.js';
import type { GeminiResponse, GeminiUsageMetadata } from '../../formats/gemini/types.js';
import { fromGeminiUsageMetadata, isGroundedAnswer, type Usage } from '../../formats/usage.js';
import { parseJsonBody } from '../openai-compatible/index.js';
import type { ProviderResponse } from '../provider-adapter.js';
import { isJsonObject } from '../../formats/json-object.js';

/** `hub`: converted to an OpenAI chat completion; `native`: the Gemini answer as the client gets it. */
export type GeminiOutput = 'hub' | 'native';

export function parseGeminiResponse(raw: Uint8Array, output: GeminiOutput): ProviderResponse {
  const body = parseJsonBody(raw);
  if (output === 'native') {
    return { body, usage: isJsonObject(body.usageMetadata) ? grounded(body, fromGeminiUsageMetadata(body.usageMetadata as GeminiUsageMetadata)) : undefined };
  }
  const { response, usage } = geminiToOpenAIResponse(body as GeminiResponse);
  return { body: response, usage: isJsonObject(body.usageMetadata) ? grounded(body, usage) : undefined };
}

/** The usage, with the grounded prompt counted when Google Search grounded the answer. */
function grounded(resp: { candidates?: unknown }, usage: Usage): Usage {
  if (isGroundedAnswer(resp)) usage.googleSearchCalls = 1;
  return usage;
}
