import { beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatUsage, useRelayContext, type CustomerRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { fixtureReply, jsonReply, sseReply } from '../../test/fake-upstream/index.js';
import { seededRandom as random } from '../channels/channels.test-helpers.js';

const ODD_VALUES: unknown[] = [null, true, false, 0, -1, 1e308, -1e308, 3.5, '', 'x', '\u0000', [], [null], [1, 'a'], {}, { type: 'text' }, { text: 5 }, [{}], [{ type: 'image_url', image_url: 5 }], [{ type: 'tool_use', input: 'x' }]];

/** Every path to a value inside a JSON value (objects and arrays), the root excluded. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : value && typeof value === 'object' ? Object.entries(value) : [];
  for (const [step, v] of entries) {
    out.push([...prefix, step]);
    paths(v, [...prefix, step], out);
  }
  return out;
}

/** A copy of `body` with one value replaced by an odd one (or removed). */
function mutate(body: Record<string, unknown>, next: () => number): Record<string, unknown> {
  const copy = structuredClone(body);
  const all = paths(copy);
  const path = all[Math.floor(next() * all.length)];
  let parent: any = copy;
  for (const step of path.slice(0, -1)) parent = parent[step];
  const last = path[path.length - 1];
  if (next() < 0.15) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    parent[last] = structuredClone(ODD_VALUES[Math.floor(next() * ODD_VALUES.length)]);
  }
  return copy;
}

const claudeAnswer = { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 5, output_tokens: 2 } };
const geminiAnswer = { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 2, totalTokenCount: 7 } };

const tool = { type: 'function', function: { name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: { q: { type: 'string' } } } } };
const openaiBody = (model: string) => ({
  model,
  max_tokens: 50,
  messages: [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: 'found' },
  ],
  tools: [tool],
  tool_choice: 'auto',
  response_format: { type: 'json_object' },
  stop: ['\n\n'],
});
const claudeBody = (model: string) => ({
  model,
  max_tokens: 50,
  system: [{ type: 'text', text: 'be brief' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'tu_1', name: 'lookup', input: { q: 'x' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu_1', content: [{ type: 'text', text: 'found' }] }] },
  ],
  tools: [{ name: 'lookup', description: 'Looks up', input_schema: { type: 'object', properties: { q: { type: 'string' } } } }],
  tool_choice: { type: 'auto' },
  thinking: { type: 'enabled', budget_tokens: 1024 },
});
const geminiBody = () => ({
  systemInstruction: { parts: [{ text: 'be brief' }] },
  contents: [
    { role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
    { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 'x' } } }] },
    { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: { result: 'found' } } }] },
  ],
  tools: [{ functionDeclarations: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: { q: { type: 'string' } } } }] }],
  generationConfig: { maxOutputTokens: 50, temperature: 0.3, stopSequences: ['x'] },
});

const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 60);

/** Plenty of quota for the fuzzing customer. */
const FUZZ_QUOTA = 1e12;

/** Gives the gateway one channel of each given type (a model of its own each), without retries; the models by channel name. */
async function fuzzChannels(r: RelayContext, types: Record<string, number>): Promise<Record<string, string>> {
  await r.setOptions({ RetryTimes: 0 });
  const models: Record<string, string> = {};
  for (const [name, type] of Object.entries(types)) {
    models[name] = await r.uniqueModel();
    await r.createChannel({ type, models: models[name], key: `${name}-key` });
  }
  return models;
}

const CHAT_CHANNELS = { openai: 1, claude: 14, gemini: 24 };


/**
 * Random malformations of realistic requests on each surface, served by an OpenAI, a Claude and a Gemini
 * channel (every conversion path): whatever the body, the gateway answers — never a 500, never a crash.
 */
describe('fuzzed conversation requests never make the gateway fail', () => {
  const context = useRelayContext({}, FUZZ_QUOTA);
  let r: CustomerRelayContext;
  let models: Record<string, string>;
  beforeAll(async () => {
    r = context();
    models = await fuzzChannels(r, CHAT_CHANNELS);
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(5, 2))));
    r.upstream.setRoute('POST /v1/messages', jsonReply(claudeAnswer));
    r.upstream.setRoute(`POST /v1beta/models/${models.gemini}:generateContent`, jsonReply(geminiAnswer));
  });

  const surfaces = [
    ['openai', (m: string) => ['/v1/chat/completions', openaiBody(m)]],
    ['claude', (m: string) => ['/v1/messages', claudeBody(m)]],
    ['gemini', (m: string) => [`/v1beta/models/${m}:generateContent`, geminiBody()]],
  ] as const;

  for (const [surface, request] of surfaces) {
    for (const channel of ['openai', 'claude', 'gemini']) {
      it(`${surface} requests to a ${channel} channel`, async () => {
        const [path, valid] = request(models[channel]) as [string, Record<string, unknown>];
        const ok = await r.post(path, r.key, valid);
        expect(ok.status, await ok.clone().text()).toBe(200);
        const next = random(Number(process.env.FUZZ_SEED ?? 0) + surface.length * 1000 + channel.length);
        const failures: string[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const body = mutate(valid, next);
          const res = await r.post(path, r.key, body);
          if (res.status >= 500) failures.push(`${res.status} ${JSON.stringify(body).slice(0, 300)} → ${(await res.text()).slice(0, 200)}`);
        }
        expect(failures).toEqual([]);
      });
    }
  }

  const upstreamAnswers: Record<string, [route: (m: string) => string, answer: Record<string, unknown>]> = {
    openai: [() => 'POST /v1/chat/completions', chatCompletion('ok', chatUsage(5, 2)) as Record<string, unknown>],
    claude: [() => 'POST /v1/messages', claudeAnswer],
    gemini: [(m) => `POST /v1beta/models/${m}:generateContent`, geminiAnswer],
  };

  for (const [surface, request] of surfaces) {
    for (const channel of ['openai', 'claude', 'gemini']) {
      it(`${surface} requests to a ${channel} channel that answers malformed JSON: a 502, never a 500`, async () => {
        const [path, body] = request(models[channel]) as [string, Record<string, unknown>];
        const [route, answer] = upstreamAnswers[channel];
        const next = random(Number(process.env.FUZZ_SEED ?? 0) + 7 * surface.length + channel.length);
        const failures: string[] = [];
        try {
          for (let i = 0; i < ROUNDS; i++) {
            const odd = mutate(answer, next);
            r.upstream.setRoute(route(models[channel]), jsonReply(odd));
            const res = await r.post(path, r.key, body);
            if (res.status >= 500 && res.status !== 502) failures.push(`${res.status} ${JSON.stringify(odd).slice(0, 300)} → ${(await res.text()).slice(0, 200)}`);
          }
        } finally {
          r.upstream.setRoute(route(models[channel]), jsonReply(answer));
        }
        expect(failures).toEqual([]);
      });
    }
  }
});

/** The same for embeddings and rerank, across the channel types that serve them with their own formats. */
describe('fuzzed embedding and rerank requests never make the gateway fail', () => {
  const context = useRelayContext({}, FUZZ_QUOTA);
  let r: CustomerRelayContext;
  let models: Record<string, string>;
  beforeAll(async () => {
    r = context();
    models = await fuzzChannels(r, { openai: 1, gemini: 24, cohere: 34, jina: 38 });
    r.upstream.setRoute('POST /v1/embeddings', fixtureReply('openai', 'embeddings'));
    r.upstream.setRoute(`POST /v1beta/models/${models.gemini}:embedContent`, jsonReply({ embedding: { values: [0.1, 0.2] } }));
    r.upstream.setRoute(`POST /v1beta/models/${models.gemini}:batchEmbedContents`, jsonReply({ embeddings: [{ values: [0.1, 0.2] }, { values: [0.3, 0.4] }] }));
    r.upstream.setRoute('POST /v2/embed', fixtureReply('cohere', 'embed'));
    r.upstream.setRoute('POST /v2/rerank', fixtureReply('cohere', 'rerank'));
    r.upstream.setRoute('POST /v1/rerank', fixtureReply('jina', 'rerank'));
  });

  const embeddings = (m: string) => ({ model: m, input: ['hello', 'goodbye'], encoding_format: 'float', dimensions: 2 });
  const rerank = (m: string) => ({ model: m, query: 'skin care', documents: ['makeup trends', 'sports news', 'organic skincare', 'cooking'], top_n: 2, return_documents: true });
  const cases: [endpoint: string, path: string, body: (m: string) => Record<string, unknown>, channels: string[]][] = [
    ['embeddings', '/v1/embeddings', embeddings, ['openai', 'gemini', 'cohere', 'jina']],
    ['rerank', '/v1/rerank', rerank, ['cohere', 'jina']],
  ];

  for (const [endpoint, path, request, channels] of cases) {
    for (const channel of channels) {
      it(`${endpoint} through a ${channel} channel`, async () => {
        const valid = request(models[channel]);
        const ok = await r.post(path, r.key, valid);
        expect(ok.status, await ok.clone().text()).toBe(200);
        const next = random(Number(process.env.FUZZ_SEED ?? 0) + endpoint.length * 100 + channel.length);
        const failures: string[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const body = mutate(valid, next);
          const res = await r.post(path, r.key, body);
          if (res.status >= 500 && res.status !== 502) failures.push(`${res.status} ${JSON.stringify(body).slice(0, 300)} → ${(await res.text()).slice(0, 200)}`);
        }
        expect(failures).toEqual([]);
      });
    }
  }
});

const openaiChunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({ id: 'chatcmpl-s', object: 'chat.completion.chunk', created: 1, model: 'm', choices, ...extra });
const STREAMS: Record<string, { named: boolean; events: Record<string, unknown>[]; done?: string }> = {
  openai: {
    named: false,
    events: [
      openaiChunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
      openaiChunk([{ index: 0, delta: { content: 'Hel' }, finish_reason: null }]),
      openaiChunk([{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q"' } }] }, finish_reason: null }]),
      openaiChunk([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]),
      openaiChunk([], { usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } }),
    ],
    done: 'data: [DONE]',
  },
  claude: {
    named: true,
    events: [
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, usage: { input_tokens: 5, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hel' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'tu_1', name: 'lookup', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"q":1}' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 3 } },
      { type: 'message_stop' },
    ],
  },
  gemini: {
    named: false,
    events: [
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] }, index: 0 }] },
      { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 1 } } }] }, index: 0 }] },
      { candidates: [{ content: { role: 'model', parts: [{ text: 'lo' }] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 3, totalTokenCount: 8 } },
    ],
  },
};

/** Streams whose events the upstream garbles one value at a time: the client's stream always ends, never with a 500. */
describe('fuzzed upstream streams never make the gateway fail', () => {
  const context = useRelayContext({}, FUZZ_QUOTA);
  let r: CustomerRelayContext;
  let models: Record<string, string>;
  beforeAll(async () => {
    r = context();
    models = await fuzzChannels(r, CHAT_CHANNELS);
  });

  const routeOf: Record<string, (m: string) => string> = {
    openai: () => 'POST /v1/chat/completions',
    claude: () => 'POST /v1/messages',
    gemini: (m) => `POST /v1beta/models/${m}:streamGenerateContent`,
  };
  const requestOf: Record<string, (m: string) => [string, Record<string, unknown>]> = {
    openai: (m) => ['/v1/chat/completions', { ...openaiBody(m), stream: true }],
    claude: (m) => ['/v1/messages', { ...claudeBody(m), stream: true }],
    gemini: (m) => [`/v1beta/models/${m}:streamGenerateContent?alt=sse`, geminiBody()],
  };

  for (const surface of ['openai', 'claude', 'gemini']) {
    for (const channel of ['openai', 'claude', 'gemini']) {
      it(`${surface} streams from a ${channel} channel`, async () => {
        const [path, body] = requestOf[surface](models[channel]);
        const stream = STREAMS[channel];
        const framed = (events: Record<string, unknown>[]) => [
          ...events.map((e) => (stream.named ? `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}` : `data: ${JSON.stringify(e)}`)),
          ...(stream.done ? [stream.done] : []),
        ];
        const next = random(Number(process.env.FUZZ_SEED ?? 0) + 31 * surface.length + channel.length);
        const failures: string[] = [];
        for (let i = 0; i <= ROUNDS; i++) {
          const events = structuredClone(stream.events);
          const at = Math.floor(next() * events.length);
          if (i > 0) events[at] = mutate(events[at], next);
          r.upstream.setRoute(routeOf[channel](models[channel]), sseReply(framed(events)));
          const res = await r.post(path, r.key, body);
          const text = await res.text();
          if (i === 0 && res.status !== 200) failures.push(`the valid stream answered ${res.status}: ${text.slice(0, 200)}`);
          if (res.status >= 500 && res.status !== 502) failures.push(`${res.status} ${JSON.stringify(events[at]).slice(0, 300)} → ${text.slice(0, 200)}`);
        }
        expect(failures).toEqual([]);
      });
    }
  }
});
