/**
 * The keys of a channel's `setting` JSON that the gateway acts on (new-api's channel settings, same names):
 * the server reads them per request, the console edits them as form fields. Other keys are kept as they
 * are (adapters read some of their own, e.g. `aws_inference_profile`).
 */
export interface ChannelSettings {
  /** Re-serialise OpenAI-style answers with only the standard fields (for upstreams that add odd ones). */
  force_format?: boolean;
  /** Send reasoning (`reasoning_content` / `reasoning`) to OpenAI clients as `<think>…</think>` content. */
  thinking_to_content?: boolean;
  /** Upstream requests of this channel go through this proxy: http://, https://, socks5:// or socks5h://. */
  proxy?: string;
  /** Forward the client's body untouched (this channel's own switch for global.pass_through_request_enabled). */
  pass_through_body_enabled?: boolean;
  /** A system prompt added to every chat request that has none. */
  system_prompt?: string;
  /** With a system prompt: also put it in front of a request's own system prompt. */
  system_prompt_override?: boolean;
  /**
   * Request fields that change what the upstream charges or where it runs are dropped unless allowed
   * (new-api's `allow_*` switches): `service_tier`, `safety_identifier`, `inference_geo`, `speed` and
   * `stream_options.include_obfuscation`. `store` is kept unless `disable_store`.
   */
  allow_service_tier?: boolean;
  allow_safety_identifier?: boolean;
  allow_inference_geo?: boolean;
  allow_speed?: boolean;
  allow_include_obfuscation?: boolean;
  disable_store?: boolean;
}

/** The switches and the texts among the settings, for checks and forms. */
export const CHANNEL_SETTING_SWITCHES = ['force_format', 'thinking_to_content', 'pass_through_body_enabled', 'system_prompt_override'] as const;
export const CHANNEL_SETTING_TEXTS = ['proxy', 'system_prompt'] as const;
/** The request-field switches (kept in the editor's JSON text, not as fields). */
export const CHANNEL_FIELD_SWITCHES = ['allow_service_tier', 'allow_safety_identifier', 'allow_inference_geo', 'allow_speed', 'allow_include_obfuscation', 'disable_store'] as const;

export const CHANNEL_PROXY_SCHEMES = ['http:', 'https:', 'socks5:', 'socks5h:'] as const;

/** Why a proxy URL cannot be used, or null when it can ('' means no proxy). */
export function channelProxyProblem(proxy: string): string | null {
  if (proxy.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(proxy.trim());
  } catch {
    return 'the proxy must be a URL such as http://host:port or socks5://host:port';
  }
  if (!(CHANNEL_PROXY_SCHEMES as readonly string[]).includes(url.protocol)) return 'the proxy must start with http://, https://, socks5:// or socks5h://';
  if (!url.hostname) return 'the proxy URL has no host';
  return null;
}

const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The settings the gateway acts on, from a parsed `setting` object; a value of the wrong type is ignored. */
export function readChannelSettings(setting: Record<string, unknown>): ChannelSettings {
  return {
    force_format: bool(setting.force_format),
    thinking_to_content: bool(setting.thinking_to_content),
    proxy: text(setting.proxy)?.trim() || undefined,
    pass_through_body_enabled: bool(setting.pass_through_body_enabled),
    system_prompt: text(setting.system_prompt) || undefined,
    system_prompt_override: bool(setting.system_prompt_override),
    ...Object.fromEntries(CHANNEL_FIELD_SWITCHES.filter((key) => setting[key] === true).map((key) => [key, true])),
  };
}

/**
 * What is wrong with a `setting` JSON object's known keys (types, the proxy URL), or null. Unknown keys
 * are not checked: adapters and newer versions keep their own.
 */
export function channelSettingProblem(setting: Record<string, unknown>): string | null {
  for (const key of [...CHANNEL_SETTING_SWITCHES, ...CHANNEL_FIELD_SWITCHES]) {
    if (setting[key] !== undefined && typeof setting[key] !== 'boolean') return `setting.${key} must be true or false`;
  }
  for (const key of CHANNEL_SETTING_TEXTS) {
    if (setting[key] !== undefined && typeof setting[key] !== 'string') return `setting.${key} must be a string`;
  }
  return typeof setting.proxy === 'string' ? channelProxyProblem(setting.proxy) : null;
}
