import { describe, expect, it } from 'vitest';
import { openAIAnswerRewrite, standardChunk, thinkingChunks, withThinkingAsContent } from './openai-answer-rewrite.js';

const chunk = (delta: Record<string, unknown>, finish: string | null = null, index = 0) => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index, delta, finish_reason: finish }] });
const contentOf = (c: Record<string, any>) => (c.choices as { delta: { content?: string } }[]).map((x) => x.delta.content ?? '').join('');

describe('openAIAnswerRewrite', () => {
  it('is nothing when neither setting is on', () => {
    expect(openAIAnswerRewrite({})).toBeUndefined();
    expect(openAIAnswerRewrite({ force_format: false, proxy: 'http://p:1' })).toBeUndefined();
  });
});

describe('thinking as content', () => {
  it('closes the think tag before a tool call and when the choice finishes still thinking', () => {
    const toTool = thinkingChunks();
    expect(contentOf(toTool(chunk({ reasoning: 'plan' })))).toBe('<think>\nplan');
    const tool = toTool(chunk({ tool_calls: [{ index: 0, function: { name: 'f', arguments: '' } }] }));
    expect(tool.choices[0].delta).toMatchObject({ content: '\n</think>\n\n', tool_calls: [{ index: 0 }] });

    const unfinished = thinkingChunks();
    unfinished(chunk({ reasoning_content: 'only thoughts' }));
    expect(unfinished(chunk({}, 'length')).choices[0]).toMatchObject({ delta: { content: '\n</think>' }, finish_reason: 'length' });
  });

  it('keeps each choice’s tag apart and leaves chunks without reasoning as they are', () => {
    const rewrite = thinkingChunks();
    const both = rewrite({ ...chunk({ reasoning_content: 'a' }), choices: [{ index: 0, delta: { reasoning_content: 'a' }, finish_reason: null }, { index: 1, delta: { content: 'b' }, finish_reason: null }] });
    expect(both.choices.map((c: { delta: { content?: string } }) => c.delta.content)).toEqual(['<think>\na', 'b']);
    const plain = chunk({ content: 'x' }, null, 1);
    expect(rewrite(plain).choices[0]).toBe(plain.choices[0]);
  });

  it('writes a complete answer’s reasoning field (either name) into its content', () => {
    const body = { choices: [{ index: 0, message: { role: 'assistant', content: null, reasoning: 'why' }, finish_reason: 'stop' }] };
    expect(withThinkingAsContent(body).choices[0].message).toEqual({ role: 'assistant', content: '<think>\nwhy\n</think>\n\n' });
  });
});

describe('standard OpenAI shapes', () => {
  it('fills a chunk’s missing envelope with the stream’s id and drops unknown fields', () => {
    const out = standardChunk({ choices: [{ delta: { content: 'x', extra: 1 }, weird: true }], usage: null, vendor: 'y' }, 'chatcmpl-stream');
    expect(out).toMatchObject({ id: 'chatcmpl-stream', object: 'chat.completion.chunk', model: '', usage: null });
    expect(out.choices).toEqual([{ index: 0, delta: { content: 'x' }, logprobs: null, finish_reason: null }]);
    expect(typeof out.created).toBe('number');
    expect(out).not.toHaveProperty('vendor');
  });

  it('gives every chunk of one stream the same fallback id', () => {
    const rewrite = openAIAnswerRewrite({ force_format: true })!.chunks();
    const a = rewrite({ choices: [] });
    const b = rewrite({ choices: [] });
    expect(a.id).toMatch(/^chatcmpl-/);
    expect(b.id).toBe(a.id);
  });
});
