import type { FinishReason } from '../openai/types.js';
import type { ClaudeStopReason } from './types.js';

export function claudeStopToFinishReason(reason: ClaudeStopReason | string | null | undefined): FinishReason {
  switch (reason) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      // end_turn, stop_sequence, pause_turn and anything newer end the turn normally.
      return 'stop';
  }
}

export function finishReasonToClaudeStop(reason: FinishReason | string | null | undefined): ClaudeStopReason {
  switch (reason) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}
