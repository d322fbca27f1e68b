import { describe, expect, it } from 'vitest';
import { logPriceBreakdown, type LogOther } from '@gw/contracts';
import i18next from 'i18next';
import enLogs from '../../i18n/locales/en/logs.json';
import { durationColor, errorSummary, firstTokenColor, paidFromText, parseOther, priceCalculationText, type DetailText } from './log-other';

describe('priceCalculationText', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: { en: { logs: enLogs } }, lng: 'en', ns: ['logs'], interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false });
  const t = i18n.getFixedT('en', 'logs') as unknown as DetailText;
  const text = (other: LogOther, prompt: number, completion: number, unit = 500_000) => {
    const b = logPriceBreakdown(other, prompt, completion, unit);
    return b && priceCalculationText(b, unit, t);
  };

  it('bills per token as group ratio × model ratio × (prompt + completion × completion ratio) / quota per unit', () => {
    expect(text({ model_ratio: 0.075, group_ratio: 1, completion_ratio: 4, model_price: -1 }, 100_000, 50_000)).toBe(
      'group ratio 1 × model ratio 0.075 × (prompt 100000 + completion 50000 × completion ratio 4) / 500000 = $0.045',
    );
  });

  it('counts cached prompt tokens at the cache ratio, apart from the rest of the prompt', () => {
    // (600 + 400 × 0.5) × 1 × 2 = 1600 quota
    expect(text({ model_ratio: 1, group_ratio: 2, completion_ratio: 1, cache_tokens: 400, cache_ratio: 0.5, model_price: -1 }, 1000, 0)).toBe(
      'group ratio 2 × model ratio 1 × (prompt 600 + cached 400 × cache ratio 0.5 + completion 0 × completion ratio 1) / 500000 = $0.0032',
    );
  });

  it('writes out audio, image and one-hour cache terms, the long-context tier and tool calls', () => {
    const other: LogOther = {
      model_ratio: 1.25, group_ratio: 1, completion_ratio: 8, model_price: -1, cache_ratio: 0.1, cache_creation_ratio: 1.25,
      cache_tokens: 300, cache_creation_tokens: 200, cache_creation_1h_tokens: 50, audio_ratio: 16, audio_completion_ratio: 2,
      audio_input_tokens: 400, audio_output_tokens: 100, image_ratio: 2, image_input_tokens: 600,
      long_context_tier: { threshold: 1000, input: 2, output: 1.5 }, web_search_calls: 2, web_search_price: 10,
    };
    // ((1000 + 30 + 187.5 + 100 + 6400 + 1200) × 2 + (3200 + 3200) × 1.5) × 1.25 + 2 × 10 / 1000 × 500000 = 44293.75 → 44294 quota
    expect(text(other, 2500, 500)).toBe(
      'group ratio 1 × model ratio 1.25 × ((prompt 1000 + cached 300 × cache ratio 0.1 + cache writes 150 × cache-write ratio 1.25 + ' +
        '1-hour cache writes 50 × cache-write ratio 1.25 × 1.6 + audio input 400 × audio ratio 16 + image input 600 × image ratio 2) × long-context input 2 + ' +
        '(completion 400 × completion ratio 8 + audio output 100 × audio ratio 16 × audio completion ratio 2) × long-context output 1.5) / 500000 + ' +
        'web searches 2 × $10 / 1000 × group ratio 1 = $0.088588',
    );
  });

  it('bills a per-call model as model price × group ratio, times its images and their size ratio', () => {
    expect(text({ model_price: 0.04, group_ratio: 1.5 }, 10, 10)).toBe('price per call $0.04 × group ratio 1.5 = $0.06');
    expect(text({ model_price: 0.04, group_ratio: 1, image_count: 2, image_size_ratio: 2 }, 0, 0)).toBe('price per call $0.04 × group ratio 1 × 2 images × size ratio 2 = $0.16');
  });

  it('writes no calculation for a log without ratios (top-ups, admin edits)', () => {
    expect(text({}, 0, 0)).toBeNull();
  });

  it('uses the site quota per unit instead of 500000 when it differs', () => {
    expect(text({ model_ratio: 1, group_ratio: 1, completion_ratio: 1, model_price: -1 }, 1000, 0, 1000)).toBe(
      'group ratio 1 × model ratio 1 × (prompt 1000 + completion 0 × completion ratio 1) / 1000 = $1',
    );
  });
});

describe('errorSummary', () => {
  it('gives the status and code of a failed call, and nothing for other rows', () => {
    expect(errorSummary({ status_code: 502, error_code: 'do_request_failed', error_kind: 'upstream' })).toBe('502 · do_request_failed');
    expect(errorSummary({ status_code: 429 })).toBe('429');
    expect(errorSummary({ model_ratio: 1 })).toBeUndefined();
  });
});

describe('parseOther', () => {
  it('reads the JSON object and treats anything else as empty', () => {
    expect(parseOther('{"frt":1200}')).toEqual({ frt: 1200 });
    expect(parseOther('not json')).toEqual({});
    expect(parseOther('[1,2]')).toEqual({});
    expect(parseOther('')).toEqual({});
  });
});

describe('timing colours (spec 3 §9)', () => {
  it('colours use time green under 101 s, orange under 300 s, red from 300 s', () => {
    expect([100, 101, 299, 300].map(durationColor)).toEqual(['green', 'orange', 'orange', 'red']);
  });

  it('colours the first token green under 3 s, orange under 10 s, red from 10 s', () => {
    expect([2999, 3000, 9999, 10_000].map(firstTokenColor)).toEqual(['green', 'orange', 'orange', 'red']);
  });
});

describe('paidFromText', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: { en: { logs: enLogs } }, lng: 'en', ns: ['logs'], interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false });
  const t = i18n.getFixedT('en', 'logs') as unknown as DetailText;

  it('names the plan of a request a subscription paid, and nothing for the wallet', () => {
    expect(paidFromText(parseOther('{"billing_source":"subscription","subscription_plan_title":"Pro"}'), t)).toBe('Subscription “Pro”');
    expect(paidFromText(parseOther('{"model_ratio":1}'), t)).toBeUndefined();
    expect(paidFromText(parseOther('{"billing_source":"wallet"}'), t)).toBeUndefined();
  });
});
