/**
 * A channel whose stored configuration cannot be used (unparsable model mapping, a mapping cycle, a bad
 * status-code mapping). The relay reports it as the channel's fault: it may retry on another channel,
 * counts it against this one, and never blames the user. `code` follows new-api's `channel:` codes.
 */
export class ChannelConfigError extends Error {
  readonly channelAttributable = true;

  constructor(
    readonly code: 'channel:model_mapped_error' | 'channel:status_code_mapping_error' | 'channel:param_override_invalid' | 'channel:credentials_invalid',
    message: string,
  ) {
    super(message);
    this.name = 'ChannelConfigError';
  }
}

/** Parses a channel's JSON object column; blank means "none". Anything but a JSON object is an error. */
export function parseJsonObjectColumn(
  raw: string | null | undefined,
  code: ChannelConfigError['code'],
  what: string,
): Record<string, unknown> | undefined {
  if (raw === null || raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ChannelConfigError(code, `${what} is not valid JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ChannelConfigError(code, `${what} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

const MAX_REMEMBERED_TEXTS = 500;

/**
 * `parse` with its outcome remembered per column text, a ChannelConfigError included: the relay reads
 * the same few channels' columns on every request. Blank and missing columns share one entry. Bounded:
 * past MAX_REMEMBERED_TEXTS the oldest text is forgotten.
 */
export function rememberedColumnParse<T>(parse: (raw: string | null | undefined) => T): (raw: string | null | undefined) => T {
  const outcomes = new Map<string, { value: T } | { error: ChannelConfigError }>();
  return (raw) => {
    const text = raw ?? '';
    let outcome = outcomes.get(text);
    if (!outcome) {
      try {
        outcome = { value: parse(text) };
      } catch (err) {
        if (!(err instanceof ChannelConfigError)) throw err;
        outcome = { error: err };
      }
      if (outcomes.size >= MAX_REMEMBERED_TEXTS) outcomes.delete(outcomes.keys().next().value!);
      outcomes.set(text, outcome);
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  };
}
