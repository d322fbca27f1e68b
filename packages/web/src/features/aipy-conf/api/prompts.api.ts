import type { SuggestedPromptBody, SuggestedPromptView } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/prompt/suggest: administrators get every prompt, released or not. */
export function listPrompts(signal?: AbortSignal): Promise<SuggestedPromptView[]> {
  return api.get('/api/prompt/suggest', undefined, signal);
}

export function createPrompt(body: SuggestedPromptBody): Promise<SuggestedPromptView> {
  return api.post('/api/prompt/suggest', body);
}

export function updatePrompt(id: number, body: SuggestedPromptBody): Promise<SuggestedPromptView> {
  return api.put(`/api/prompt/suggest/${id}`, body);
}

export function deletePrompt(id: number): Promise<void> {
  return api.delete(`/api/prompt/suggest/${id}`);
}
