import { createHash } from 'node:crypto';
import { affinityRegex, type ChannelAffinityKeySource, type ChannelAffinityRule } from '@gw/contracts';
import type { RelayBody } from '../providers/provider-adapter.js';
import type { ApiKeyPrincipal } from '../pipeline/authenticate-api-key.js';
import { jsonPathText } from './json-path.js';

/** What the rules look at besides the caller and the model. */
export interface AffinityRequest {
  body: RelayBody;
  /** The request path without its query (`/v1/responses`). */
  path: string;
  userAgent?: string;
}

export type AffinityPrincipal = Pick<ApiKeyPrincipal, 'userId' | 'tokenId' | 'group' | 'userGroup' | 'username' | 'tokenName'>;

/** The rule that applies to a request, and the key it gives. */
export interface AffinityMatch {
  rule: ChannelAffinityRule;
  source: ChannelAffinityKeySource;
  /** The affinity value itself: never logged (see keyHint and keyFingerprint). */
  value: string;
  /** The group the request is routed in. */
  usingGroup: string;
  /** The store key: [rule name] [model] [using group] value, joined with ':' (a long value as its hash). */
  key: string;
}

interface CompiledRule {
  rule: ChannelAffinityRule;
  models: RegExp[];
  paths: RegExp[];
  userAgents: string[];
  value: RegExp | undefined;
}

const compiledRules = new WeakMap<readonly ChannelAffinityRule[], CompiledRule[]>();

/** Patterns that do not compile are left out (the option's check refuses them; older rows may hold one). */
function compileAll(patterns: readonly string[]): RegExp[] {
  const out: RegExp[] = [];
  for (const p of patterns) {
    if (p === '') continue;
    try {
      out.push(affinityRegex(p));
    } catch {}
  }
  return out;
}

/** The rules with their patterns compiled, once per option value. */
function compile(rules: readonly ChannelAffinityRule[]): CompiledRule[] {
  let compiled = compiledRules.get(rules);
  if (!compiled) {
    compiled = rules.map((rule) => ({
      rule,
      models: compileAll(rule.model_regex),
      paths: compileAll(rule.path_regex),
      userAgents: rule.user_agent_include.map((s) => s.trim().toLowerCase()).filter(Boolean),
      value: rule.value_regex ? compileAll([rule.value_regex])[0] : undefined,
    }));
    compiledRules.set(rules, compiled);
  }
  return compiled;
}

const anyMatches = (patterns: readonly RegExp[], text: string) => text !== '' && patterns.some((re) => re.test(text));

/**
 * The first rule that applies to the request and yields a value: one of its model patterns matches the
 * model (none = never), one of its path patterns the path (if it has any), its User-Agent words appear
 * in the User-Agent (if it has any), and its first key source with a value gives one matching value_regex.
 */
export function findAffinity(rules: readonly ChannelAffinityRule[], principal: AffinityPrincipal, model: string, request: AffinityRequest): AffinityMatch | null {
  for (const c of compile(rules)) {
    if (!anyMatches(c.models, model)) continue;
    if (c.rule.path_regex.length > 0 && !anyMatches(c.paths, request.path)) continue;
    if (c.userAgents.length > 0) {
      const ua = (request.userAgent ?? '').toLowerCase();
      if (!c.userAgents.some((word) => ua.includes(word))) continue;
    }
    let value = '';
    let source: ChannelAffinityKeySource | undefined;
    for (const s of c.rule.key_sources) {
      value = keySourceValue(s, principal, request.body);
      if (value !== '') {
        source = s;
        break;
      }
    }
    if (!source) continue;
    if (c.value && !c.value.test(value)) continue;
    return { rule: c.rule, source, value, usingGroup: principal.group, key: affinityCacheKey(c.rule, model, principal.group, value) };
  }
  return null;
}

/** One key source's value for this request, or ''. */
export function keySourceValue(source: ChannelAffinityKeySource, p: AffinityPrincipal, body: RelayBody): string {
  switch (source.type) {
    case 'context_int': {
      const n = source.key === 'token_id' ? p.tokenId : source.key === 'id' || source.key === 'user_id' ? p.userId : 0;
      return n > 0 ? String(n) : '';
    }
    case 'context_string':
      return (contextString(source.key, p) ?? '').trim();
    case 'gjson':
      return body.kind === 'json' ? jsonPathText(body.json, source.path) : '';
  }
}

function contextString(key: string, p: AffinityPrincipal): string | undefined {
  switch (key) {
    // The principal carries one group: the key's own (else its owner's), resolved for an `auto` key.
    case 'group':
    case 'token_group':
      return p.group;
    case 'user_group':
      return p.userGroup;
    case 'username':
      return p.username;
    case 'token_name':
      return p.tokenName;
  }
  return undefined;
}

/** Values longer than this are stored under their hash, so a rule keyed on message text keeps keys small. */
const MAX_RAW_VALUE = 64;

export function affinityCacheKey(rule: ChannelAffinityRule, model: string, usingGroup: string, value: string): string {
  const parts: string[] = [];
  if (rule.include_rule_name && rule.name) parts.push(rule.name);
  if (rule.include_model_name && model) parts.push(model);
  if (rule.include_using_group && usingGroup) parts.push(usingGroup);
  parts.push(value.length > MAX_RAW_VALUE ? `sha256-${createHash('sha256').update(value).digest('hex')}` : value);
  return parts.join(':');
}

/** What a log may show of a value: its first and last four characters when it is long, else nothing of it. */
export function keyHint(value: string): string {
  const chars = Array.from(value.trim().replace(/[\r\n]/g, ' '));
  if (chars.length <= 12) return '***';
  return `${chars.slice(0, 4).join('')}...${chars.slice(-4).join('')}`;
}

/** The first 8 hex digits of the value's SHA-1 (new-api's key_fp): tells keys apart without showing them. */
export function keyFingerprint(value: string): string {
  return createHash('sha1').update(value).digest('hex').slice(0, 8);
}
