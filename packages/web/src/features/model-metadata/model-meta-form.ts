import { DEFAULT_ENDPOINTS, MetaStatus, ModelMetaBody, NameRule, type EndpointType, type ModelMetaView, type NameRuleValue } from '@gw/contracts';
import { issuesToFields } from '../../lib/form-errors';
import { splitList } from './model-meta-display';

/**
 * The metadata editor's form model. Tags and modalities are edited as lists and sent comma-joined;
 * `endpoints` is JSON text, checked by the contract's ModelMetaEndpoints like the server checks it.
 */
export interface ModelMetaFormValues {
  model_name: string;
  name_rule: NameRuleValue;
  /** 0: no vendor. */
  vendor_id: number;
  description: string;
  icon: string;
  tags: string[];
  endpoints: string;
  context_length: number | null;
  max_output_tokens: number | null;
  knowledge_cutoff: string;
  release_date: string;
  parameter_count: string;
  input_modalities: string[];
  output_modalities: string[];
  enabled: boolean;
}

/** A new entry, optionally for a given model name (the missing-models list). */
export function newModelMetaValues(modelName = ''): ModelMetaFormValues {
  return {
    model_name: modelName,
    name_rule: NameRule.Exact,
    vendor_id: 0,
    description: '',
    icon: '',
    tags: [],
    endpoints: '',
    context_length: null,
    max_output_tokens: null,
    knowledge_cutoff: '',
    release_date: '',
    parameter_count: '',
    input_modalities: [],
    output_modalities: [],
    enabled: true,
  };
}

/** The entry's own endpoints as indented JSON; anything but a JSON object (empty, a list of types) edits as empty. */
function endpointsText(endpoints: string): string {
  if (!endpoints.trim()) return '';
  try {
    const parsed: unknown = JSON.parse(endpoints);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? JSON.stringify(parsed, null, 2) : '';
  } catch {
    return endpoints;
  }
}

export function modelMetaToValues(meta: ModelMetaView): ModelMetaFormValues {
  return {
    model_name: meta.model_name,
    name_rule: meta.name_rule,
    vendor_id: meta.vendor_id,
    description: meta.description,
    icon: meta.icon,
    tags: splitList(meta.tags),
    endpoints: endpointsText(meta.endpoints ?? ''),
    context_length: meta.context_length || null,
    max_output_tokens: meta.max_output_tokens || null,
    knowledge_cutoff: meta.knowledge_cutoff,
    release_date: meta.release_date,
    parameter_count: meta.parameter_count,
    input_modalities: splitList(meta.input_modalities),
    output_modalities: splitList(meta.output_modalities),
    enabled: meta.status === MetaStatus.Enabled,
  };
}

export type ModelMetaFormResult = { ok: true; body: ModelMetaBody } | { ok: false; fields: { name: keyof ModelMetaFormValues & string; errors: string[] }[] };

/** Checks the form with the contract schema: the body to send, or the errors placed on their fields. */
export function modelMetaBodyOf(values: ModelMetaFormValues): ModelMetaFormResult {
  const parsed = ModelMetaBody.safeParse({
    model_name: values.model_name,
    name_rule: values.name_rule,
    vendor_id: values.vendor_id ?? 0,
    description: values.description,
    icon: values.icon,
    tags: values.tags ?? [],
    endpoints: values.endpoints,
    context_length: values.context_length,
    max_output_tokens: values.max_output_tokens,
    knowledge_cutoff: values.knowledge_cutoff,
    release_date: values.release_date,
    parameter_count: values.parameter_count,
    input_modalities: (values.input_modalities ?? []).map((m) => m.trim()).filter(Boolean).join(','),
    output_modalities: (values.output_modalities ?? []).map((m) => m.trim()).filter(Boolean).join(','),
    status: values.enabled ? MetaStatus.Enabled : MetaStatus.Disabled,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const fields = issuesToFields<ModelMetaFormValues>(parsed.error, 'model_name').map((f) =>
    // The status issue belongs to the switch, whose field is `enabled`.
    (f.name as string) === 'status' ? { ...f, name: 'enabled' as const } : f,
  );
  return { ok: false, fields };
}

/**
 * The endpoints text with `type` added at its default path and method (an entry already there is kept),
 * indented; null when the text is not a JSON object, so nothing the admin typed is thrown away.
 */
export function withEndpoint(text: string, type: EndpointType): string | null {
  let map: Record<string, unknown> = {};
  if (text.trim()) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      map = parsed as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return JSON.stringify(type in map ? map : { ...map, [type]: { ...DEFAULT_ENDPOINTS[type] } }, null, 2);
}
