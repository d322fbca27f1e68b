import { invalidRequest } from '../../relay-error.js';
import type { ChatCompletionRequest, ChatFunctionTool, ChatMessage, ChatToolChoice, ReasoningEffort } from '../openai/types.js';
import { contentToGeminiParts, functionCallParts, functionResponsePart, pushContent } from './content-from-openai.js';
import { cleanSchemaForGemini } from './schema.js';
import type { GeminiContent, GeminiFunctionDeclaration, GeminiGenerationConfig, GeminiRequest, GeminiSafetySetting, GeminiThinkingConfig, GeminiToolConfig } from './types.js';

export interface GeminiRequestOptions {
  /** The channel's gemini.safety_settings (the gateway default turns filters off). */
  safetySettings?: GeminiSafetySetting[];
  /** Thinking set by the channel or a model suffix; budget 0 turns thinking off, -1 lets the model decide. */
  thinking?: { budgetTokens: number; includeThoughts?: boolean };
  /** Budgets for reasoning_effort; defaults to GEMINI_EFFORT_BUDGETS. */
  effortBudgets?: Partial<Record<ReasoningEffort, number>>;
  /** Gemini 3 refuses function calls sent back without their thought signature; fill in Google's placeholder. */
  fillMissingThoughtSignatures?: boolean;
}

/** reasoning_effort → thinkingBudget, as Google's own OpenAI-compatible endpoint maps it. */
export const GEMINI_EFFORT_BUDGETS: Readonly<Partial<Record<ReasoningEffort, number>>> = {
  none: 0,
  minimal: 512,
  low: 1024,
  medium: 8192,
  high: 24576,
  xhigh: 32768,
};

function convertMessages(messages: ChatMessage[], fillSignatures: boolean): { system: GeminiContent | undefined; contents: GeminiContent[] } {
  const systemParts: { text: string }[] = [];
  const contents: GeminiContent[] = [];
  const callNames = new Map<string, string>();
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'developer':
        for (const part of contentToGeminiParts(message.content)) if (part.text) systemParts.push({ text: part.text });
        break;
      case 'user':
        pushContent(contents, 'user', contentToGeminiParts(message.content));
        break;
      case 'assistant': {
        const calls = message.tool_calls ?? [];
        for (const call of calls) callNames.set(call.id, call.function.name);
        pushContent(contents, 'model', [...contentToGeminiParts(message.content), ...functionCallParts(calls, fillSignatures)]);
        break;
      }
      case 'tool': {
        // Gemini matches results to calls by function name; OpenAI by id — look the name up.
        const name = callNames.get(message.tool_call_id ?? '') ?? message.name;
        if (!name) throw invalidRequest('tool message does not answer a known tool call');
        pushContent(contents, 'user', [functionResponsePart(name, message.content)]);
        break;
      }
      default:
        throw invalidRequest(`unsupported message role: ${String(message.role)}`);
    }
  }
  return { system: systemParts.length ? { parts: systemParts } : undefined, contents };
}

function convertTools(tools: ChatFunctionTool[]): GeminiFunctionDeclaration[] {
  return tools
    .filter((t) => t.type === 'function' && t.function?.name)
    .map((t) => {
      const declaration: GeminiFunctionDeclaration = { name: t.function.name };
      if (t.function.description) declaration.description = t.function.description;
      const params = t.function.parameters;
      // Gemini rejects an object schema without properties; a function without arguments omits it.
      if (params && params.properties && Object.keys(params.properties).length) declaration.parameters = cleanSchemaForGemini(params);
      return declaration;
    });
}

function convertToolChoice(choice: ChatToolChoice): GeminiToolConfig {
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  if (typeof choice === 'object' && choice.function?.name) return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } };
  return { functionCallingConfig: { mode: 'AUTO' } };
}

function thinkingConfig(req: ChatCompletionRequest, options: GeminiRequestOptions): GeminiThinkingConfig | undefined {
  if (options.thinking) {
    const { budgetTokens, includeThoughts = budgetTokens !== 0 } = options.thinking;
    return { thinkingBudget: budgetTokens, includeThoughts };
  }
  const body = (req.extra_body as { google?: unknown } | undefined)?.google ?? req.google;
  const raw = (body as { thinking_config?: { thinking_budget?: number; include_thoughts?: boolean } } | undefined)?.thinking_config;
  if (raw && (raw.thinking_budget !== undefined || raw.include_thoughts !== undefined)) {
    const out: GeminiThinkingConfig = {};
    if (typeof raw.thinking_budget === 'number') out.thinkingBudget = raw.thinking_budget;
    if (typeof raw.include_thoughts === 'boolean') out.includeThoughts = raw.include_thoughts;
    return out;
  }
  if (!req.reasoning_effort) return undefined;
  const budget = (options.effortBudgets ?? GEMINI_EFFORT_BUDGETS)[req.reasoning_effort];
  return budget === undefined ? undefined : { thinkingBudget: budget, includeThoughts: budget !== 0 };
}

function generationConfig(req: ChatCompletionRequest, options: GeminiRequestOptions): GeminiGenerationConfig {
  const config: GeminiGenerationConfig = {};
  if (typeof req.temperature === 'number') config.temperature = req.temperature;
  if (typeof req.top_p === 'number') config.topP = req.top_p;
  if (typeof req.top_k === 'number') config.topK = req.top_k;
  const maxTokens = req.max_completion_tokens ?? req.max_tokens;
  if (typeof maxTokens === 'number') config.maxOutputTokens = maxTokens;
  if (req.stop != null) config.stopSequences = Array.isArray(req.stop) ? req.stop : [req.stop];
  if (typeof req.n === 'number' && req.n > 1) config.candidateCount = req.n;
  if (typeof req.seed === 'number') config.seed = req.seed;
  if (typeof req.presence_penalty === 'number') config.presencePenalty = req.presence_penalty;
  if (typeof req.frequency_penalty === 'number') config.frequencyPenalty = req.frequency_penalty;
  const format = req.response_format;
  if (format?.type === 'json_object') config.responseMimeType = 'application/json';
  if (format?.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    if (format.json_schema?.schema) config.responseSchema = cleanSchemaForGemini(format.json_schema.schema);
  }
  const thinking = thinkingConfig(req, options);
  if (thinking) config.thinkingConfig = thinking;
  return config;
}

/** OpenAI chat request → Gemini generateContent request (the model goes in the URL, not the body). */
export function openAIToGeminiRequest(req: ChatCompletionRequest, options: GeminiRequestOptions = {}): GeminiRequest {
  const { system, contents } = convertMessages(req.messages ?? [], !!options.fillMissingThoughtSignatures);
  const out: GeminiRequest = { contents };
  if (system) out.systemInstruction = system;
  if (req.tools?.length) {
    const declarations = convertTools(req.tools);
    if (declarations.length) {
      out.tools = [{ functionDeclarations: declarations }];
      if (req.tool_choice) out.toolConfig = convertToolChoice(req.tool_choice);
    }
  }
  const config = generationConfig(req, options);
  if (Object.keys(config).length) out.generationConfig = config;
  if (options.safetySettings?.length) out.safetySettings = options.safetySettings;
  return out;
}
