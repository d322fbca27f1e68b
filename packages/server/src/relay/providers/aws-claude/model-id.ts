/** Claude model names → Bedrock model ids, with the cross-region inference profile prefix. */

interface BedrockModel {
  id: string;
  /** Only reachable on demand through an inference profile (us./eu./apac./global. prefix). */
  profileOnly: boolean;
}

const model = (id: string, profileOnly = false): BedrockModel => ({ id: `anthropic.${id}`, profileOnly });

const MODELS: Readonly<Record<string, BedrockModel>> = {
  'claude-3-haiku-20240307': model('claude-3-haiku-20240307-v1:0'),
  'claude-3-sonnet-20240229': model('claude-3-sonnet-20240229-v1:0'),
  'claude-3-opus-20240229': model('claude-3-opus-20240229-v1:0'),
  'claude-3-5-sonnet-20240620': model('claude-3-5-sonnet-20240620-v1:0'),
  'claude-3-5-sonnet-20241022': model('claude-3-5-sonnet-20241022-v2:0'),
  'claude-3-5-haiku-20241022': model('claude-3-5-haiku-20241022-v1:0'),
  'claude-3-7-sonnet-20250219': model('claude-3-7-sonnet-20250219-v1:0', true),
  'claude-sonnet-4-20250514': model('claude-sonnet-4-20250514-v1:0', true),
  'claude-opus-4-20250514': model('claude-opus-4-20250514-v1:0', true),
  'claude-opus-4-1-20250805': model('claude-opus-4-1-20250805-v1:0', true),
  'claude-sonnet-4-5-20250929': model('claude-sonnet-4-5-20250929-v1:0', true),
  'claude-haiku-4-5-20251001': model('claude-haiku-4-5-20251001-v1:0', true),
  'claude-opus-4-5-20251101': model('claude-opus-4-5-20251101-v1:0', true),
};

/** Anthropic's aliases for the dated names above. */
const ALIASES: Readonly<Record<string, string>> = {
  'claude-3-opus-latest': 'claude-3-opus-20240229',
  'claude-3-5-sonnet-latest': 'claude-3-5-sonnet-20241022',
  'claude-3-5-haiku-latest': 'claude-3-5-haiku-20241022',
  'claude-3-7-sonnet-latest': 'claude-3-7-sonnet-20250219',
  'claude-sonnet-4-0': 'claude-sonnet-4-20250514',
  'claude-opus-4-0': 'claude-opus-4-20250514',
  'claude-opus-4-1': 'claude-opus-4-1-20250805',
  'claude-sonnet-4-5': 'claude-sonnet-4-5-20250929',
  'claude-haiku-4-5': 'claude-haiku-4-5-20251001',
  'claude-opus-4-5': 'claude-opus-4-5-20251101',
};

/** The geography prefix of the region's cross-region inference profiles, when known. */
function regionPrefix(region: string): string | undefined {
  if (region.startsWith('us-gov-')) return 'us-gov';
  if (region.startsWith('us-')) return 'us';
  if (region.startsWith('eu-')) return 'eu';
  if (region.startsWith('ap-')) return 'apac';
  return undefined;
}

/**
 * The Bedrock model id for a Claude model name. `profile` is the channel setting
 * `aws_inference_profile`: absent or "auto" prefixes the models that need an inference profile with
 * the region's geography (us./eu./apac.); "none" never prefixes; any other value ("us", "eu",
 * "apac", "global", …) prefixes every known model with it. A name not in the table — a Bedrock id
 * (anthropic.…, us.anthropic.…), an ARN, or a newer model — is sent unchanged.
 */
export function bedrockModelId(name: string, region: string, profile: unknown): string {
  const known = MODELS[ALIASES[name] ?? name];
  if (!known) return name;
  const setting = typeof profile === 'string' ? profile.trim().replace(/\.$/, '') : 'auto';
  let prefix: string | undefined;
  if (setting === 'auto' || setting === '') prefix = setting === 'auto' && known.profileOnly ? regionPrefix(region) : undefined;
  else if (setting !== 'none') prefix = setting;
  return prefix ? `${prefix}.${known.id}` : known.id;
}
