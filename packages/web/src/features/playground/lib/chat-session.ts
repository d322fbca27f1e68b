import type { PlaygroundChatBody, PlaygroundParams } from '@gw/contracts';
import { PlaygroundError, type ChatDelta, type ChatUsage } from './chat-stream';

/**
 * The playground's conversation, kept in memory only: the turns, the answer being streamed and how to
 * stop it. Plain TypeScript (the page subscribes with useSyncExternalStore), so the whole send / stop /
 * regenerate / clear flow is testable without a browser.
 */

export type MessageStatus = 'streaming' | 'done' | 'stopped' | 'error';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** Reasoning a model streamed before its answer. */
  reasoning: string;
  status: MessageStatus;
  /** Why the answer failed ('' when the gateway gave no message: show the status instead). */
  error?: string;
  /** The HTTP status of a failed answer (0: the network). */
  errorStatus?: number;
  /** What a finished answer used and cost, when its answer said. */
  usage?: ChatUsage;
}

export interface ChatSettings {
  model: string;
  /** '' for the user's own group. */
  group: string;
  systemPrompt: string;
  params: PlaygroundParams;
}

/** What the page shows: the turns, and whether an answer is streaming (a new object after every change). */
export interface ChatState {
  messages: readonly ChatMessage[];
  busy: boolean;
}

/** What the playground sends: always asking for the answer's cost (usage accounting). */
export type ChatRequestBody = PlaygroundChatBody & Required<Pick<PlaygroundChatBody, 'usage'>>;

/**
 * Sends a chat body and hands each piece of the answer to onDelta; resolves with the answer's usage
 * (undefined when it carried none), rejects with an AbortError when stopped.
 */
export type ChatTransport = (body: ChatRequestBody, onDelta: (delta: ChatDelta) => void, signal: AbortSignal) => Promise<ChatUsage | undefined>;

/** The messages a request sends: the system prompt, then every finished turn (failed or empty answers left out). */
export function requestMessages(systemPrompt: string, messages: readonly ChatMessage[]): PlaygroundChatBody['messages'] {
  const system = systemPrompt.trim();
  const turns = messages
    .filter((m) => m.role === 'user' || ((m.status === 'done' || m.status === 'stopped') && m.content !== ''))
    .map((m) => ({ role: m.role, content: m.content }));
  return system ? [{ role: 'system', content: system }, ...turns] : turns;
}

/** The body of a request: streamed, asking for its cost, with the group and each parameter only when set. */
export function chatBody(settings: ChatSettings, messages: readonly ChatMessage[]): ChatRequestBody {
  const body: ChatRequestBody = { model: settings.model, messages: requestMessages(settings.systemPrompt, messages), stream: true, usage: { include: true } };
  if (settings.group) body.group = settings.group;
  for (const key of ['temperature', 'top_p', 'max_tokens'] as const) {
    const value = settings.params[key];
    if (typeof value === 'number' && Number.isFinite(value)) body[key] = value;
  }
  return body;
}

/** Whether the last answer can be asked for again: none is streaming, and the last turn is an answer to a question. */
export function canRegenerate(state: ChatState): boolean {
  return !state.busy && state.messages.at(-1)?.role === 'assistant' && state.messages.some((m) => m.role === 'user');
}

let seq = 0;
const nextId = () => `m${Date.now().toString(36)}-${++seq}`;

const isAbort = (err: unknown) => (err as { name?: string } | null)?.name === 'AbortError';

export class ChatSession {
  private state: ChatState = { messages: [], busy: false };
  private controller: AbortController | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly transport: ChatTransport) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ChatState => this.state;

  private get messages(): readonly ChatMessage[] {
    return this.state.messages;
  }

  /** An answer is being streamed. */
  get busy(): boolean {
    return this.controller !== null;
  }

  /** Asks `text` and streams the answer; ignored while another answer streams or when the text is blank. */
  send(text: string, settings: ChatSettings): Promise<void> {
    if (this.busy || text.trim() === '') return Promise.resolve();
    const question: ChatMessage = { id: nextId(), role: 'user', content: text, reasoning: '', status: 'done' };
    this.set([...this.messages, question]);
    return this.answer(settings);
  }

  /** Drops the last answer and asks for a new one. */
  regenerate(settings: ChatSettings): Promise<void> {
    if (!canRegenerate(this.state)) return Promise.resolve();
    this.set(this.messages.slice(0, -1));
    return this.answer(settings);
  }

  /** Stops the answer being streamed; what arrived so far is kept. */
  stop(): void {
    this.controller?.abort();
  }

  /** Forgets the conversation (stopping an answer in progress). */
  clear(): void {
    this.stop();
    this.set([]);
  }

  private async answer(settings: ChatSettings): Promise<void> {
    const body = chatBody(settings, this.messages);
    const reply: ChatMessage = { id: nextId(), role: 'assistant', content: '', reasoning: '', status: 'streaming' };
    const controller = new AbortController();
    this.controller = controller;
    this.set([...this.messages, reply]);
    const update = (change: Partial<ChatMessage> | ((m: ChatMessage) => Partial<ChatMessage>)) =>
      this.set(this.messages.map((m) => (m.id === reply.id ? { ...m, ...(typeof change === 'function' ? change(m) : change) } : m)));
    try {
      const usage = await this.transport(body, (d) => update((m) => ({ content: m.content + d.content, reasoning: m.reasoning + d.reasoning })), controller.signal);
      // A stopped answer's usage (if any arrived) is not its whole cost: only a finished one keeps it.
      update(controller.signal.aborted ? { status: 'stopped' } : { status: 'done', usage });
    } catch (err) {
      if (isAbort(err) || controller.signal.aborted) update({ status: 'stopped' });
      else update({ status: 'error', error: err instanceof Error ? err.message : String(err), errorStatus: err instanceof PlaygroundError ? err.status : 0 });
    } finally {
      if (this.controller === controller) this.controller = null;
      this.set(this.messages);
    }
  }

  private set(messages: readonly ChatMessage[]): void {
    this.state = { messages, busy: this.busy };
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
