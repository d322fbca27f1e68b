import { invalidRequest } from '../../relay-error.js';
import type { ChatCompletionRequest, ChatFunctionTool, ChatMessage, ChatToolChoice, ReasoningEffort } from '../openai/types.js';
import { parseToolArguments } from '../tool-arguments.js';
import { claudeToolId, contentToClaudeBlocks, toolResultBlock } from './content-from-openai.js';
import { fitThinkingBudget } from './thinking.js';
import type { ClaudeContentBlock, ClaudeMessageParam, ClaudeRequest, ClaudeTextBlock, ClaudeTool, ClaudeToolChoice } from './types.js';

export interface ClaudeRequestOptions {
  /** max_tokens is required by Claude; used when the client sent neither max_tokens nor max_completion_tokens. */
  defaultMaxTokens: number;
  /** Turns extended thinking on with this budget (e.g. the `-thinking` model suffix adapter). */
  thinking?: { budgetTokens: number };
  /** When given, a request's reasoning_effort turns thinking on with the matching budget. */
  effortBudgets?: Partial<Record<ReasoningEffort, number>>;
}

interface Turn {
  role: 'user' | 'assistant';
  blocks: ClaudeContentBlock[];
}

function assistantBlocks(message: ChatMessage): ClaudeContentBlock[] {
  const blocks = contentToClaudeBlocks(message.content);
  for (const call of message.tool_calls ?? []) {
    blocks.push({ type: 'tool_use', id: claudeToolId(call.id), name: call.function.name, input: parseToolArguments(call.function.arguments) });
  }
  return blocks;
}

/** Claude wants tool results first in a user turn. */
const toolResultsFirst = (blocks: ClaudeContentBlock[]): ClaudeContentBlock[] => [
  ...blocks.filter((b) => b.type === 'tool_result'),
  ...blocks.filter((b) => b.type !== 'tool_result'),
];

/** A lone plain text block is sent as a string, the most common Claude form. */
function toMessageParam(turn: Turn): ClaudeMessageParam {
  const blocks = turn.role === 'user' ? toolResultsFirst(turn.blocks) : turn.blocks;
  const only = blocks[0];
  if (blocks.length === 1 && only.type === 'text' && !only.cache_control) return { role: turn.role, content: only.text };
  return { role: turn.role, content: blocks };
}

/** Splits system prompts out and merges consecutive same-role turns, as Claude requires alternation. */
function convertMessages(messages: ChatMessage[]): { system: ClaudeTextBlock[]; systemMessages: number; turns: Turn[] } {
  const system: ClaudeTextBlock[] = [];
  let systemMessages = 0;
  const turns: Turn[] = [];
  const push = (role: Turn['role'], blocks: ClaudeContentBlock[]) => {
    if (!blocks.length) return;
    const last = turns[turns.length - 1];
    if (last?.role === role) last.blocks.push(...blocks);
    else turns.push({ role, blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'developer': {
        systemMessages++;
        system.push(...contentToClaudeBlocks(message.content).filter((b): b is ClaudeTextBlock => b.type === 'text'));
        break;
      }
      case 'user':
        push('user', contentToClaudeBlocks(message.content));
        break;
      case 'assistant':
        push('assistant', assistantBlocks(message));
        break;
      case 'tool':
        push('user', [toolResultBlock(message)]);
        break;
      default:
        throw invalidRequest(`unsupported message role: ${String(message.role)}`);
    }
  }
  return { system, systemMessages, turns };
}

function convertTools(tools: ChatFunctionTool[]): ClaudeTool[] {
  return tools
    .filter((t) => t.type === 'function' && t.function?.name)
    .map((t) => {
      const schema = (t.function.parameters ?? {}) as ClaudeTool['input_schema'];
      const tool: ClaudeTool = { name: t.function.name, input_schema: { ...schema, type: 'object' } };
      if (t.function.description) tool.description = t.function.description;
      return tool;
    });
}

function convertToolChoice(choice: ChatToolChoice | undefined, parallel: boolean | undefined): ClaudeToolChoice | undefined {
  if (choice === 'none') return { type: 'none' };
  let out: Exclude<ClaudeToolChoice, { type: 'none' }> | undefined;
  if (choice === 'auto') out = { type: 'auto' };
  else if (choice === 'required') out = { type: 'any' };
  else if (choice && typeof choice === 'object' && choice.function?.name) out = { type: 'tool', name: choice.function.name };
  if (parallel === false) out = { ...(out ?? { type: 'auto' }), disable_parallel_tool_use: true };
  return out;
}

function thinkingBudget(req: ChatCompletionRequest, options: ClaudeRequestOptions): number | undefined {
  if (options.thinking) return options.thinking.budgetTokens;
  const raw = req.thinking as { type?: string; budget_tokens?: number } | undefined;
  if (raw?.type === 'enabled' && typeof raw.budget_tokens === 'number') return raw.budget_tokens;
  if (req.reasoning_effort && options.effortBudgets) return options.effortBudgets[req.reasoning_effort];
  return undefined;
}

/** OpenAI chat request → Claude Messages request. */
export function openAIToClaudeRequest(req: ChatCompletionRequest, options: ClaudeRequestOptions): ClaudeRequest {
  const { system, systemMessages, turns } = convertMessages(req.messages ?? []);
  const out: ClaudeRequest = {
    model: req.model,
    messages: turns.map(toMessageParam),
    max_tokens: req.max_tokens ?? req.max_completion_tokens ?? options.defaultMaxTokens,
  };
  if (system.length) {
    const plain = systemMessages === 1 && system.length === 1 && !system[0].cache_control;
    out.system = plain ? system[0].text : system;
  }
  if (typeof req.temperature === 'number') out.temperature = Math.min(1, Math.max(0, req.temperature));
  if (typeof req.top_p === 'number') out.top_p = req.top_p;
  if (typeof req.top_k === 'number') out.top_k = req.top_k;
  if (req.stop != null) {
    // Claude refuses stop sequences made only of whitespace (such as "\n").
    const stops = (Array.isArray(req.stop) ? req.stop : [req.stop]).filter((s) => s.trim() !== '');
    if (stops.length) out.stop_sequences = stops;
  }
  if (req.stream) out.stream = true;
  if (req.user) out.metadata = { user_id: req.user };
  if (req.tools?.length) {
    const tools = convertTools(req.tools);
    if (tools.length) {
      out.tools = tools;
      const choice = convertToolChoice(req.tool_choice, req.parallel_tool_calls);
      if (choice) out.tool_choice = choice;
    }
  }
  const budget = thinkingBudget(req, options);
  if (budget && budget > 0) {
    const fitted = fitThinkingBudget(out.max_tokens, budget);
    out.max_tokens = fitted.maxTokens;
    out.thinking = { type: 'enabled', budget_tokens: fitted.budgetTokens };
    // Claude rejects sampling changes while thinking.
    delete out.temperature;
    delete out.top_p;
    delete out.top_k;
  }
  return out;
}
