import { ChannelConfigError, parseJsonObjectColumn, rememberedColumnParse } from './channel-config-error.js';

/**
 * A channel's status-code mapping: the JSON object `{"429": "500"}` in channels.status_code_mapping
 * (values may be numbers or numeric strings). It rewrites upstream error statuses before retry and
 * auto-disable decisions, so mapping 429 to 500 changes those decisions too.
 */
export type StatusCodeMapping = ReadonlyMap<number, number>;

const CODE = 'channel:status_code_mapping_error';

/** Parses the column; blank or `{}` is an empty mapping. Keys and values must be HTTP statuses (100–599). */
export function parseStatusCodeMapping(raw: string | null | undefined): StatusCodeMapping {
  const object = parseJsonObjectColumn(raw, CODE, 'status code mapping');
  const mapping = new Map<number, number>();
  for (const [from, to] of Object.entries(object ?? {})) {
    const source = toStatus(from);
    const target = typeof to === 'number' || typeof to === 'string' ? toStatus(String(to)) : undefined;
    if (source === undefined) throw new ChannelConfigError(CODE, `status code mapping key "${from}" is not an HTTP status code`);
    if (target === undefined) throw new ChannelConfigError(CODE, `status code mapping for ${from} must be an HTTP status code`);
    mapping.set(source, target);
  }
  return mapping;
}

/** The status to act on for an upstream status. Success statuses (2xx) are never rewritten. */
export function applyStatusCodeMapping(mapping: StatusCodeMapping, status: number): number {
  if (status >= 200 && status < 300) return status;
  return mapping.get(status) ?? status;
}

const rememberedStatusCodeMapping = rememberedColumnParse(parseStatusCodeMapping);

/** Applies a channel's status_code_mapping column (parsed once per text) to one status; 2xx never reads it. */
export function mapStatusCode(rawMapping: string | null | undefined, status: number): number {
  if (status >= 200 && status < 300) return status;
  return applyStatusCodeMapping(rememberedStatusCodeMapping(rawMapping), status);
}

function toStatus(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{3}$/.test(trimmed)) return undefined;
  const status = Number(trimmed);
  return status >= 100 && status <= 599 ? status : undefined;
}
