import { PLAYGROUND_CHAT_PATH, type PlaygroundChatBody } from '@gw/contracts';
import { postForResponse } from '../../../lib/api-client';
import { readChatAnswer, type ChatDelta } from '../lib/chat-stream';

/**
 * POST /pg/chat/completions: the signed-in user's chat request (no API key), its answer handed over
 * piece by piece. Rejects with the gateway's own message (PlaygroundError), or an AbortError when stopped.
 */
export async function streamPlaygroundChat(body: PlaygroundChatBody, onDelta: (delta: ChatDelta) => void, signal: AbortSignal): Promise<void> {
  const res = await postForResponse(PLAYGROUND_CHAT_PATH, body, signal);
  await readChatAnswer(res, onDelta);
}
