import { z } from 'zod';
import { CHANNEL_SELECTION_STRATEGIES } from '@gw/contracts';
import { bool, int, json, lineList, num, objectError, oneOf, secret, statusCodes } from '../option-def.js';

/** Upstream error phrases that disable a channel automatically (matched case-insensitively). */
const defaultDisableKeywords = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
  'Incorrect API key provided',
  'API key not valid',
  'Your account has been suspended',
];

/** Display, drawing, sensitive words, logging, data export and channel health. */
export const operationOptions = {
  // Display and behaviour
  QuotaPerUnit: num(500000, 1),
  RetryTimes: int(0, 0, 10),
  /** How a channel is drawn inside a priority tier: by weight, lowest recent latency, or fewest requests in flight. */
  ChannelSelectionStrategy: oneOf('weighted', CHANNEL_SELECTION_STRATEGIES),
  /** Model → models to try in order when every channel of the model failed or it has none (a request's own `models` list wins). */
  ModelFallbacks: json<Record<string, string[]>>(
    {},
    z.record(
      z.string(),
      z
        .array(z.string({ error: 'each fallback must be a model name' }).trim().min(1, 'a fallback model name must not be empty').max(200, 'a fallback model name is too long'), { error: 'each model needs an array of fallback models' })
        .max(10, 'at most 10 fallback models per model'),
      objectError,
    ),
  ),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DefaultCollapseSidebar: bool(false),
  DemoSiteEnabled: bool(false),
  SelfUseModeEnabled: bool(false),
  DrawingEnabled: bool(true),
  TaskEnabled: bool(true),

  // Midjourney
  MjNotifyEnabled: bool(false),
  MjAccountFilterEnabled: bool(false),
  MjForwardUrlEnabled: bool(true),
  MjModeClearEnabled: bool(false),
  MjActionCheckSuccessEnabled: bool(true),
  /** Drawing, music and video tasks still unfinished this many minutes after submission are failed and refunded. */
  TaskTimeoutMinutes: int(1440, 1, 525_600),

  // Sensitive words
  CheckSensitiveEnabled: bool(false),
  CheckSensitiveOnPromptEnabled: bool(true),
  /** On: a prompt with a sensitive word is refused (400). Off: the words are masked and the request goes on. */
  StopOnSensitiveEnabled: bool(true),
  SensitiveWords: lineList(),

  // Logs and data export
  LogConsumeEnabled: bool(true),
  /** Logs older than this many days are deleted daily by one node of the site; 0 keeps them all. */
  LogRetentionDays: int(0, 0),
  DataExportEnabled: bool(true),
  /** Minutes between dashboard data exports. */
  DataExportInterval: int(5, 1),
  DataExportDefaultTime: oneOf('hour', ['hour', 'day', 'week']),

  // Channel health
  /** A channel test slower than this many seconds counts as a failure. */
  ChannelDisableThreshold: num(5, 0),
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  /** Root users are told (by their notification setting: e-mail or webhook) when a channel or key is disabled or enabled automatically. */
  ChannelStatusNotifyEnabled: bool(true),
  AutomaticDisableKeywords: lineList(defaultDisableKeywords),
  /** Upstream statuses that disable a channel (when automatic disabling is on), besides the keywords. */
  AutomaticDisableStatusCodes: statusCodes('401,402'),
  /**
   * Upstream statuses after which another channel is tried. 400, 413 and 422 (the caller's own mistakes)
   * and content-policy refusals are never retried, whatever this says.
   */
  AutomaticRetryStatusCodes: statusCodes('100-199,300-399,401-499,500-599'),
  QuotaRemindThreshold: int(1000, 0),
  /** Users are told once a period when their own or a key's spending limit is this share (percent) spent; 0: only once it is spent. */
  SpendingLimitWarningPercent: int(80, 0, 100),

  // Monitoring
  /** Test every channel (not disabled by hand) on a timer, on one node of the site. */
  'monitor_setting.auto_test_channel_enabled': bool(false),
  'monitor_setting.auto_test_channel_minutes': int(10, 1),
  /** Bearer token a Prometheus scraper sends to GET /metrics; empty = the endpoint is off. */
  MetricsToken: secret(),
};
