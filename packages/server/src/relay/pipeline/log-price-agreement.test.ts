import { describe, expect, it } from 'vitest';
import { logPriceBreakdown, type LogOther } from '@gw/contracts';
import { computeQuota, type BillablePrice } from '../../billing/price-calculator.js';
import { emptyUsage, totalPromptTokens, type Usage } from '../formats/usage.js';
import { consumeLogOther } from './consume-log-other.js';

/** A small deterministic generator, so a failing case can be read back from its index. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  return {
    int: (max: number) => Math.floor(next() * (max + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}

const RATIOS = [0, 0.0375, 0.075, 0.5, 1, 1.25, 2.5, 7.5, 15, 37.5] as const;
const QUOTA_PER_UNIT = [500_000, 1000, 7_300_000] as const;

function randomCase(seed: number): { price: BillablePrice; usage: Usage; quotaPerUnit: number } {
  const g = generator(seed);
  const tools = g.chance(0.3) ? { web_search: g.pick([0, 10, 25]), file_search: g.pick([2.5, 0]), google_search: 35 } : undefined;
  const groupRatio = g.pick([0.5, 1, 1.5, 2]);
  const usage: Usage = { ...emptyUsage(g.chance(0.4) ? 'anthropic' : 'openai'), promptTokens: g.int(300_000), completionTokens: g.int(40_000) };
  usage.cachedTokens = g.chance(0.5) ? g.int(usage.semantic === 'openai' ? usage.promptTokens : 50_000) : 0;
  usage.cacheCreationTokens = g.chance(0.4) ? g.int(usage.semantic === 'openai' ? usage.promptTokens - usage.cachedTokens : 40_000) : 0;
  if (g.chance(0.4)) usage.cacheCreation1hTokens = g.int(usage.cacheCreationTokens + 100);
  if (g.chance(0.4)) usage.audioInputTokens = g.int(usage.promptTokens);
  if (g.chance(0.4)) usage.audioOutputTokens = g.int(usage.completionTokens + 10);
  if (g.chance(0.3)) usage.imageInputTokens = g.int(usage.promptTokens);
  if (g.chance(0.3)) usage.webSearchCalls = g.int(5);
  if (g.chance(0.2)) usage.fileSearchCalls = g.int(3);
  if (g.chance(0.2)) usage.googleSearchCalls = 1;
  if (g.chance(0.1)) Object.assign(usage, { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 });
  const price: BillablePrice = g.chance(0.25)
    ? { mode: 'price', modelPrice: g.pick([0, 0.0001, 0.02, 0.04, 0.12]), groupRatio, toolCallPrices: tools, perCall: g.chance(0.5) ? { count: g.int(4), ratio: g.pick([1, 1.5, 2]) } : undefined }
    : {
        mode: 'ratio',
        modelRatio: g.pick(RATIOS),
        completionRatio: g.pick([1, 4, 5, 8]),
        cacheRatio: g.pick([0.1, 0.25, 0.5]),
        cacheCreationRatio: g.pick([1, 1.25]),
        audioRatio: g.chance(0.5) ? g.pick([8, 16]) : undefined,
        audioCompletionRatio: g.pick([2, 4]),
        imageRatio: g.chance(0.5) ? g.pick([2, 2.5]) : undefined,
        longContext: g.chance(0.3) ? { threshold: g.pick([1000, 200_000]), input: 2, output: 1.5 } : undefined,
        toolCallPrices: tools,
        groupRatio,
        unsetModel: false,
      };
  return { price, usage, quotaPerUnit: g.pick(QUOTA_PER_UNIT) };
}

describe("the console's price calculation of a log row (contracts logPriceBreakdown)", () => {
  it('comes to the quota the gateway charged, from the row’s tokens and `other` alone, for 3000 generated answers', () => {
    const disagreements: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const { price, usage, quotaPerUnit } = randomCase(i);
      const charged = computeQuota(price, usage, quotaPerUnit);
      const other = JSON.parse(
        consumeLogOther(price, {
          usage, firstTokenMs: 0, isMapped: false, upstreamModel: 'm', reasoningEffort: undefined, requestPath: '/v1/chat/completions',
          streamStatus: undefined, triedChannels: [1], routeTrace: [], localCount: false, promptEstimate: undefined,
        }),
      ) as LogOther;
      const shown = logPriceBreakdown(other, totalPromptTokens(usage), usage.completionTokens, quotaPerUnit);
      // The console sums in doubles, the gateway in exact decimals: they may round a half apart.
      if (!shown || Math.abs(shown.quota - charged) > 1) disagreements.push(`case ${i}: charged ${charged}, shown ${shown?.quota}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('lists the terms it priced: audio, images, cache writes by duration, the long-context tier and tool calls', () => {
    const price: BillablePrice = {
      mode: 'ratio', modelRatio: 1.25, completionRatio: 8, cacheRatio: 0.1, cacheCreationRatio: 1.25, audioRatio: 16, audioCompletionRatio: 2,
      imageRatio: 2, longContext: { threshold: 1000, input: 2, output: 1.5 }, toolCallPrices: { web_search: 10 }, groupRatio: 1, unsetModel: false,
    };
    const usage: Usage = {
      ...emptyUsage('anthropic'), promptTokens: 2000, completionTokens: 500, cachedTokens: 300, cacheCreationTokens: 200, cacheCreation1hTokens: 50,
      audioInputTokens: 400, audioOutputTokens: 100, imageInputTokens: 600, webSearchCalls: 2,
    };
    const other = JSON.parse(consumeLogOther(price, {
      usage, firstTokenMs: 0, isMapped: false, upstreamModel: 'm', reasoningEffort: undefined, requestPath: '/v1/messages',
      streamStatus: undefined, triedChannels: [1], routeTrace: [], localCount: false, promptEstimate: undefined,
    })) as LogOther;
    const shown = logPriceBreakdown(other, totalPromptTokens(usage), usage.completionTokens, 500_000);
    expect(shown).toMatchObject({
      kind: 'ratio',
      input: [
        { kind: 'input', tokens: 1000, factors: [] },
        { kind: 'cached', tokens: 300, factors: [0.1] },
        { kind: 'cacheWrite', tokens: 150, factors: [1.25] },
        { kind: 'cacheWrite1h', tokens: 50, factors: [1.25, 1.6] },
        { kind: 'audioIn', tokens: 400, factors: [16] },
        { kind: 'imageIn', tokens: 600, factors: [2] },
      ],
      output: [{ kind: 'completion', tokens: 400, factors: [8] }, { kind: 'audioOut', tokens: 100, factors: [16, 2] }],
      longContext: { threshold: 1000, input: 2, output: 1.5 },
      tools: [{ tool: 'web_search', calls: 2, pricePerThousand: 10 }],
      quota: computeQuota(price, usage, 500_000),
    });
  });
});
