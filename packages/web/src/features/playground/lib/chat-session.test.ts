import { describe, expect, it } from 'vitest';
import { ChatSession, canRegenerate, chatBody, requestMessages, type ChatMessage, type ChatRequestBody, type ChatSettings, type ChatTransport } from './chat-session';
import { PlaygroundError, type ChatDelta, type ChatUsage } from './chat-stream';

const settings: ChatSettings = { model: 'gpt-4o-mini', group: '', systemPrompt: '', params: {} };

/** A transport the test drives by hand: each request waits until the test answers it. */
function manualTransport() {
  const calls: { body: ChatRequestBody; push: (d: Partial<ChatDelta>) => void; finish: (usage?: ChatUsage) => void; fail: (err: unknown) => void; signal: AbortSignal }[] = [];
  const transport: ChatTransport = (body, onDelta, signal) =>
    new Promise<ChatUsage | undefined>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError')));
      calls.push({ body, push: (d) => onDelta({ content: '', reasoning: '', ...d }), finish: (usage) => resolve(usage), fail: reject, signal });
    });
  return { transport, calls };
}

const msg = (role: ChatMessage['role'], content: string, status: ChatMessage['status'] = 'done'): ChatMessage => ({ id: `${role}-${content}`, role, content, reasoning: '', status });

describe('the playground request', () => {
  it('puts the system prompt first and leaves out failed, streaming and empty answers', () => {
    const turns = [msg('user', 'q1'), msg('assistant', 'a1'), msg('user', 'q2'), msg('assistant', '', 'error'), msg('user', 'q3'), msg('assistant', 'half', 'stopped'), msg('assistant', 'x', 'streaming')];
    expect(requestMessages('  be brief ', turns)).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'q2' },
      { role: 'user', content: 'q3' },
      { role: 'assistant', content: 'half' },
    ]);
    expect(requestMessages('   ', [msg('user', 'q')])).toEqual([{ role: 'user', content: 'q' }]);
  });

  it('sends the group and each parameter only when set, and always streams and asks for the cost', () => {
    expect(chatBody(settings, [msg('user', 'q')])).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'q' }], stream: true, usage: { include: true } });
    const full = chatBody({ ...settings, group: 'vip', params: { temperature: 0, top_p: 0.5, max_tokens: 64 } }, [msg('user', 'q')]);
    expect(full).toMatchObject({ group: 'vip', temperature: 0, top_p: 0.5, max_tokens: 64 });
  });
});

describe('the playground conversation', () => {
  it('shows the answer growing piece by piece, then done', async () => {
    const { transport, calls } = manualTransport();
    const session = new ChatSession(transport);
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getSnapshot().messages.at(-1)?.content ?? ''));
    const done = session.send('hello?', settings);
    expect(session.getSnapshot()).toMatchObject({ busy: true, messages: [{ role: 'user', content: 'hello?' }, { role: 'assistant', content: '', status: 'streaming' }] });
    expect(calls[0].body.messages).toEqual([{ role: 'user', content: 'hello?' }]);
    calls[0].push({ content: 'Hi' });
    calls[0].push({ content: ' there' });
    calls[0].finish();
    await done;
    expect(seen).toEqual(expect.arrayContaining(['Hi', 'Hi there']));
    expect(session.getSnapshot()).toMatchObject({ busy: false, messages: [{ role: 'user' }, { role: 'assistant', content: 'Hi there', status: 'done' }] });
  });

  it("keeps a finished answer's usage and cost on it, and none when the answer carried none", async () => {
    const { transport, calls } = manualTransport();
    const session = new ChatSession(transport);
    const priced = session.send('q', settings);
    expect(calls[0].body.usage).toEqual({ include: true });
    calls[0].push({ content: 'a' });
    calls[0].finish({ promptTokens: 1200, completionTokens: 340, cost: 0.0017 });
    await priced;
    expect(session.getSnapshot().messages.at(-1)).toMatchObject({ status: 'done', usage: { promptTokens: 1200, completionTokens: 340, cost: 0.0017 } });
    const bare = session.send('again', settings);
    calls[1].push({ content: 'b' });
    calls[1].finish();
    await bare;
    expect(session.getSnapshot().messages.at(-1)?.usage).toBeUndefined();
  });

  it('stops a stream and keeps what arrived; the stopped answer is part of the next request', async () => {
    const { transport, calls } = manualTransport();
    const session = new ChatSession(transport);
    const first = session.send('tell me a long story', settings);
    calls[0].push({ content: 'Once upon' });
    session.stop();
    await first;
    expect(calls[0].signal.aborted).toBe(true);
    expect(session.getSnapshot()).toMatchObject({ busy: false, messages: [{ role: 'user' }, { role: 'assistant', content: 'Once upon', status: 'stopped' }] });
    expect(session.getSnapshot().messages.at(-1)?.usage).toBeUndefined();
    const second = session.send('go on', settings);
    expect(calls[1].body.messages.map((m) => m.content)).toEqual(['tell me a long story', 'Once upon', 'go on']);
    calls[1].finish();
    await second;
  });

  it('shows an error inline with its message and status, and ignores sending while an answer streams', async () => {
    const { transport, calls } = manualTransport();
    const session = new ChatSession(transport);
    const first = session.send('q', settings);
    await session.send('another', settings);
    expect(calls).toHaveLength(1);
    calls[0].fail(new PlaygroundError('your account quota is used up; please top up', 429, 'insufficient_user_quota'));
    await first;
    expect(session.getSnapshot().messages.at(-1)).toMatchObject({ status: 'error', error: 'your account quota is used up; please top up', errorStatus: 429 });
    await session.send('   ', settings);
    expect(calls).toHaveLength(1);
  });

  it('regenerates the last answer from the same question, and clears everything', async () => {
    const { transport, calls } = manualTransport();
    const session = new ChatSession(transport);
    const first = session.send('q', { ...settings, systemPrompt: 'sys' });
    calls[0].push({ content: 'first try' });
    calls[0].finish();
    await first;
    expect(canRegenerate(session.getSnapshot())).toBe(true);
    const again = session.regenerate({ ...settings, systemPrompt: 'sys' });
    expect(canRegenerate(session.getSnapshot())).toBe(false);
    expect(calls[1].body.messages).toEqual([{ role: 'system', content: 'sys' }, { role: 'user', content: 'q' }]);
    calls[1].push({ content: 'second try' });
    calls[1].finish();
    await again;
    expect(session.getSnapshot().messages.map((m) => m.content)).toEqual(['q', 'second try']);
    session.clear();
    expect(session.getSnapshot()).toEqual({ messages: [], busy: false });
    expect(canRegenerate(session.getSnapshot())).toBe(false);
  });

  it('clearing while an answer streams stops it and leaves nothing behind', async () => {
    const { transport, calls } = manualTransport();
    const session = new ChatSession(transport);
    const first = session.send('q', settings);
    calls[0].push({ content: 'partial' });
    session.clear();
    await first;
    expect(calls[0].signal.aborted).toBe(true);
    expect(session.getSnapshot()).toEqual({ messages: [], busy: false });
  });
});
