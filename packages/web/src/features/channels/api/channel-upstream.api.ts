import type { OllamaVersion, UpstreamApplyAllResult, UpstreamApplyResult, UpstreamDetectAllResult, UpstreamDetectResult } from '@gw/contracts';
import { api, postEventStream, requestEnvelope } from '../../../lib/api-client';
import { modelNamesOf } from '../channel-form';
import { readPullUpdate, type PullUpdate } from '../ollama-pull';

/** POST /api/channel/upstream_updates/detect: checks one channel now. */
export function detectUpstreamUpdates(id: number): Promise<UpstreamDetectResult> {
  return api.post('/api/channel/upstream_updates/detect', { id });
}

/** POST /api/channel/upstream_updates/detect_all: checks every enabled channel. */
export function detectAllUpstreamUpdates(): Promise<UpstreamDetectAllResult> {
  return api.post('/api/channel/upstream_updates/detect_all');
}

export function applyUpstreamUpdates(body: { id: number; add_models: string[]; remove_models: string[]; ignore_models: string[] }): Promise<UpstreamApplyResult> {
  return api.post('/api/channel/upstream_updates/apply', body);
}

export function applyAllUpstreamUpdates(): Promise<UpstreamApplyAllResult> {
  return api.post('/api/channel/upstream_updates/apply_all');
}

export function getOllamaVersion(id: number, signal?: AbortSignal): Promise<OllamaVersion> {
  return api.get(`/api/channel/ollama/version/${id}`, undefined, signal);
}

/** The models an Ollama channel's server has (its /api/tags, through the editor's fetch models). */
export async function listOllamaModels(id: number, signal?: AbortSignal): Promise<string[]> {
  return modelNamesOf(await api.get<unknown>(`/api/channel/fetch_models/${id}`, undefined, signal));
}

/** DELETE /api/channel/ollama/delete; answers the server's message. */
export async function deleteOllamaModel(channelId: number, model: string): Promise<string> {
  return (await requestEnvelope<unknown>('DELETE', '/api/channel/ollama/delete', { body: { channel_id: channelId, model_name: model } })).message;
}

/** POST /api/channel/ollama/pull/stream: each progress line and the outcome go to `onUpdate`. */
export function pullOllamaModel(channelId: number, model: string, onUpdate: (update: PullUpdate) => void, signal?: AbortSignal): Promise<void> {
  return postEventStream(
    '/api/channel/ollama/pull/stream',
    { channel_id: channelId, model_name: model },
    (data) => {
      const update = readPullUpdate(data);
      if (update) onUpdate(update);
    },
    signal,
  );
}
