import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chatCompletion, chatStreamEvents, chatUsage, useRelayContext, type CustomerRelayContext } from '../../test/relay-harness.js';
import { jsonReply, sseReply } from '../../test/fake-upstream/index.js';
import { openAISurface } from './surfaces/openai-surface.js';
import { claudeSurface } from './surfaces/claude-surface.js';
import type { Surface, SurfaceRequest } from './surfaces/surface.js';

/** Own properties defined by a getter or setter. */
const accessorsOf = (o: object) =>
  Object.entries(Object.getOwnPropertyDescriptors(o))
    .filter(([, d]) => d.get || d.set)
    .map(([name]) => name);

/** The requests a surface is asked to plan while `during` runs. */
async function plannedBy(surface: Surface, during: () => Promise<void>): Promise<SurfaceRequest[]> {
  const seen: SurfaceRequest[] = [];
  const plan = surface.plan.bind(surface);
  const spy = vi.spyOn(surface, 'plan').mockImplementation((adapter, request) => {
    seen.push(request);
    return plan(adapter, request);
  });
  try {
    await during();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

// An object literal with a getter of its own, made per request, cost 10–30% of the relay's
// throughput: V8 gave each one a new descriptor array in the old generation, and that dead array
// kept the getter's closure — and through it the whole request, socket objects included — alive
// through every young collection until a full one (bench/README.md, tenth session).
describe('what the relay hands a surface per request', () => {
  // createUser's default balance (a balance decides whether a request takes a quota hold first).
  const context = useRelayContext({}, 10_000_000);
  let r: CustomerRelayContext;
  let model: string;
  beforeAll(async () => {
    r = context();
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
  });

  it('has no accessor of its own', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('Hi', chatUsage(9, 1))));
    const seen = await plannedBy(openAISurface, async () => {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${r.gateway}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${r.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model, messages: [{ role: 'user', content: 'say hi' }] }),
        });
        expect(res.status).toBe(200);
      }
    });
    expect(seen).toHaveLength(2);
    for (const request of seen) expect(accessorsOf(request)).toEqual([]);
  });

  it('still gives a Claude stream from an OpenAI channel the prompt estimate in message_start', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['Hal', 'lo'])));
    const seen = await plannedBy(claudeSurface, async () => {
      const res = await fetch(`${r.gateway}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': r.key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify({ model, max_tokens: 64, stream: true, messages: [{ role: 'user', content: 'say hello in German, please' }] }),
      });
      expect(res.status).toBe(200);
      const start = /event: message_start\ndata: (.+)\n/.exec(await res.text());
      const usage = (JSON.parse(start![1]) as { message: { usage: { input_tokens: number } } }).message.usage;
      expect(usage.input_tokens).toBeGreaterThan(0);
    });
    expect(seen).toHaveLength(1);
    expect(accessorsOf(seen[0])).toEqual([]);
  });
});
