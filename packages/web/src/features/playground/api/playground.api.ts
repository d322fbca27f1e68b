import { PLAYGROUND_CHAT_PATH } from '@gw/contracts';
import { postForResponse } from '../../../lib/api-client';
import { readChatAnswer, type ChatDelta, type ChatUsage } from '../lib/chat-stream';
import type { ChatRequestBody } from '../lib/chat-session';

/**
 * POST /pg/chat/completions: the signed-in user's chat request (no API key), its answer handed over
 * piece by piece; resolves with the answer's usage (undefined when it carried none). Rejects with the
 * gateway's own message (PlaygroundError), or an AbortError when stopped.
 */
export async function streamPlaygroundChat(body: ChatRequestBody, onDelta: (delta: ChatDelta) => void, signal: AbortSignal): Promise<ChatUsage | undefined> {
  const res = await postForResponse(PLAYGROUND_CHAT_PATH, body, signal);
  return readChatAnswer(res, onDelta);
}
