import { describe, expect, it } from 'vitest';
import { PlaygroundError, deltaOf, errorOf, readChatAnswer, usageOf, type ChatDelta } from './chat-stream';

/** A streamed answer whose bytes arrive in the given pieces. */
function streamed(pieces: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(encoder.encode(p));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

const chunk = (delta: Record<string, unknown>) => `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta }] })}\n\n`;

async function collect(res: Response): Promise<ChatDelta[]> {
  const deltas: ChatDelta[] = [];
  await readChatAnswer(res, (d) => deltas.push(d));
  return deltas;
}

describe('reading the playground answer', () => {
  it('hands over each piece of a stream as it arrives, even when a frame is split between reads', async () => {
    const frames = chunk({ role: 'assistant', content: '' }) + chunk({ content: 'Hel' }) + chunk({ content: 'lo' }) + ': PING\n\n' + chunk({}) + 'data: [DONE]\n\n';
    const pieces = [frames.slice(0, 70), frames.slice(70, 131), frames.slice(131)];
    const deltas = await collect(streamed(pieces));
    expect(deltas.map((d) => d.content).join('')).toBe('Hello');
    expect(deltas.every((d) => d.content !== '' || d.reasoning !== '')).toBe(true);
  });

  it('keeps reasoning apart from the answer', async () => {
    const deltas = await collect(streamed([chunk({ reasoning_content: 'think ' }), chunk({ reasoning: 'more' }), chunk({ content: 'answer' }), 'data: [DONE]\n\n']));
    expect(deltas).toEqual([
      { content: '', reasoning: 'think ' },
      { content: '', reasoning: 'more' },
      { content: 'answer', reasoning: '' },
    ]);
  });

  it('reads a stream that ends without [DONE] or a closing blank line', async () => {
    expect((await collect(streamed([chunk({ content: 'a' }), `data: ${JSON.stringify({ choices: [{ delta: { content: 'b' } }] })}`]))).map((d) => d.content)).toEqual(['a', 'b']);
  });

  it('reads a JSON completion at once', async () => {
    const res = new Response(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'whole answer' } }] }), { headers: { 'content-type': 'application/json' } });
    expect(await collect(res)).toEqual([{ content: 'whole answer', reasoning: '' }]);
  });

  it("resolves with a JSON completion's usage and cost", async () => {
    const usage = { prompt_tokens: 1200, completion_tokens: 340, total_tokens: 1540, cost: 0.0017 };
    const res = new Response(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'priced' } }], usage }), { headers: { 'content-type': 'application/json' } });
    await expect(readChatAnswer(res, () => {})).resolves.toEqual({ promptTokens: 1200, completionTokens: 340, cost: 0.0017 });
  });

  it("resolves with the usage of a stream's final usage chunk, which hands over no text", async () => {
    const usageChunk = `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13, cost: 0.000031 } })}\n\n`;
    const deltas: ChatDelta[] = [];
    const usage = await readChatAnswer(streamed([chunk({ content: 'Hi' }), chunk({}), usageChunk, 'data: [DONE]\n\n']), (d) => deltas.push(d));
    expect(usage).toEqual({ promptTokens: 9, completionTokens: 4, cost: 0.000031 });
    expect(deltas).toEqual([{ content: 'Hi', reasoning: '' }]);
  });

  it('resolves with no usage when the answer carried none, and with tokens only when it carried no cost', async () => {
    await expect(readChatAnswer(streamed([chunk({ content: 'Hi' }), 'data: [DONE]\n\n']), () => {})).resolves.toBeUndefined();
    expect(usageOf({ usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } })).toEqual({ promptTokens: 3, completionTokens: 2 });
    expect(usageOf({ usage: null })).toBeUndefined();
    expect(usageOf({ usage: { total_tokens: 5 } })).toBeUndefined();
    expect(usageOf({ usage: { prompt_tokens: 3, completion_tokens: 2, cost: 'free' } })).toEqual({ promptTokens: 3, completionTokens: 2 });
  });

  it("throws the gateway's own message for an error answer, and for an error inside the stream", async () => {
    const refused = new Response(JSON.stringify({ error: { message: 'you may not use the group "svip"', type: 'permission_error', code: 'group_not_allowed' } }), { status: 403, headers: { 'content-type': 'application/json' } });
    await expect(collect(refused)).rejects.toMatchObject({ name: 'PlaygroundError', status: 403, code: 'group_not_allowed', message: 'you may not use the group "svip"' });
    const midway = streamed([chunk({ content: 'par' }), `data: ${JSON.stringify({ error: { message: 'upstream went away', code: 'upstream_error' } })}\n\n`]);
    await expect(collect(midway)).rejects.toMatchObject({ message: 'upstream went away' });
  });

  it('makes do with an error answer that is not JSON', () => {
    expect(errorOf('<html>Bad gateway</html>', 502)).toMatchObject({ status: 502, message: '<html>Bad gateway</html>' });
    expect(errorOf('', 500)).toBeInstanceOf(PlaygroundError);
    expect(errorOf('{"success":false,"message":"not signed in"}', 401).message).toBe('not signed in');
  });

  it('treats [DONE] as the end and an unreadable payload as an empty piece', () => {
    expect(deltaOf('[DONE]')).toBeNull();
    expect(deltaOf('{oops')).toEqual({ content: '', reasoning: '' });
  });
});
