import { describe, expect, it } from 'vitest';
import { LogType } from '@gw/contracts';
import { isRelayFailureLog, LOG_TYPE_FILTER_CHOICES, logTypeLabelOf } from './log-type';

/** The `other` text the relay's recordFailure writes for a failed call. */
const relayFailureOther = JSON.stringify({
  status_code: 502,
  error_code: 'upstream_error',
  error_kind: 'upstream',
  request_path: '/v1/chat/completions',
  admin_info: { use_channel: [3, 4], route_trace: [] },
});
/** The same row as a non-admin reads it: admin_info removed. */
const relayFailureOtherForUser = JSON.stringify({ status_code: 429, error_code: 'rate_limited', error_kind: 'upstream', request_path: '/v1/chat/completions' });

describe('logTypeLabelOf', () => {
  it('labels type 5 rewards as activity (spec 3 §4)', () => {
    expect(logTypeLabelOf({ type: 5, other: JSON.stringify({ reward: 'fuel_pack' }) })).toBe('activity');
    expect(logTypeLabelOf({ type: 5, other: JSON.stringify({ reward: 'activity', activity_id: 7 }) })).toBe('activity');
  });

  it('labels a type 5 row with no or unreadable other as activity', () => {
    expect(logTypeLabelOf({ type: 5, other: '' })).toBe('activity');
    expect(logTypeLabelOf({ type: 5 })).toBe('activity');
    expect(logTypeLabelOf({ type: 5, other: 'not json' })).toBe('activity');
    expect(logTypeLabelOf({ type: 5, other: '[1,2]' })).toBe('activity');
  });

  it('labels the relay failure rows written as type 5 as error, with or without admin_info', () => {
    expect(logTypeLabelOf({ type: 5, other: relayFailureOther })).toBe('error');
    expect(logTypeLabelOf({ type: 5, other: relayFailureOtherForUser })).toBe('error');
  });

  it('labels new-api style error rows (error_type / status_code only) as error', () => {
    expect(logTypeLabelOf({ type: 5, other: JSON.stringify({ error_type: 'openai_error', status_code: 500 }) })).toBe('error');
  });

  it('keeps a reward row as activity even if it carried an error field', () => {
    expect(logTypeLabelOf({ type: 5, other: JSON.stringify({ reward: 'activity', status_code: 200 }) })).toBe('activity');
  });

  it('labels the other known types by their spec names', () => {
    expect(logTypeLabelOf({ type: LogType.TopUp })).toBe('topUp');
    expect(logTypeLabelOf({ type: LogType.Consume, other: relayFailureOther })).toBe('consume');
    expect(logTypeLabelOf({ type: LogType.Manage })).toBe('manage');
    expect(logTypeLabelOf({ type: LogType.System })).toBe('system');
    expect(logTypeLabelOf({ type: LogType.Refund })).toBe('refund');
  });

  it('labels 0 and numbers it does not know as unknown', () => {
    expect(logTypeLabelOf({ type: 0 })).toBe('unknown');
    expect(logTypeLabelOf({ type: 42 })).toBe('unknown');
  });
});

describe('isRelayFailureLog', () => {
  it('is true only for type 5 rows with the relay failure fields', () => {
    expect(isRelayFailureLog({ type: 5, other: relayFailureOther })).toBe(true);
    expect(isRelayFailureLog({ type: 5, other: JSON.stringify({ reward: 'fuel_pack' }) })).toBe(false);
    expect(isRelayFailureLog({ type: LogType.Consume, other: relayFailureOther })).toBe(false);
  });
});

describe('LOG_TYPE_FILTER_CHOICES', () => {
  it('offers type 5 as activity and no separate error choice', () => {
    expect(LOG_TYPE_FILTER_CHOICES.find((c) => c.value === 5)?.label).toBe('activity');
    expect(LOG_TYPE_FILTER_CHOICES.map((c) => c.label)).not.toContain('error');
    expect(LOG_TYPE_FILTER_CHOICES.map((c) => c.value)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
