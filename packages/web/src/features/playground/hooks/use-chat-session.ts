import { useEffect, useState, useSyncExternalStore } from 'react';
import { streamPlaygroundChat } from '../api/playground.api';
import { ChatSession, type ChatState } from '../lib/chat-session';

/** The page's conversation (in memory: it ends with the page, and an answer still streaming is stopped). */
export function useChatSession(): { session: ChatSession; state: ChatState } {
  const [session] = useState(() => new ChatSession(streamPlaygroundChat));
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  useEffect(() => () => session.stop(), [session]);
  return { session, state };
}
