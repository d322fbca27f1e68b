import { z } from 'zod';
import { ErrorCode, type SyncSource } from '@gw/contracts';
import { AppError } from '../http/errors.js';
import type { GuardedHttpClient } from '../platform/fetch-guard/guarded-http-client.js';

const MAX_ANSWER_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

const text = z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim());
const whole = z.coerce.number().int().min(0).max(2_147_483_647);

/** One model of the official list; the optional facts count only when the list gives them. */
const OfficialModel = z.object({
  model_name: z.string().trim().min(1),
  description: text,
  icon: text,
  tags: text,
  vendor_name: text,
  name_rule: z.preprocess((v) => v ?? 0, z.coerce.number().int().min(0).max(3)),
  status: z.preprocess((v) => v ?? 0, z.coerce.number().int()),
  endpoints: z.unknown().optional(),
  context_length: whole.optional(),
  max_output_tokens: whole.optional(),
  knowledge_cutoff: text.optional(),
  release_date: text.optional(),
  parameter_count: text.optional(),
  input_modalities: text.optional(),
  output_modalities: text.optional(),
});
export type OfficialModel = z.output<typeof OfficialModel>;

const OfficialVendor = z.object({ name: z.string().trim().min(1), description: text, icon: text, status: z.preprocess((v) => v ?? 0, z.coerce.number().int()) });
export type OfficialVendor = z.output<typeof OfficialVendor>;

/** The official lists: {success, data: [...]} or a bare array. Entries that do not read are left out. */
function entriesOf<T extends z.ZodType>(answer: unknown, schema: T): z.output<T>[] {
  const list = Array.isArray(answer) ? answer : Array.isArray((answer as { data?: unknown })?.data) ? (answer as { data: unknown[] }).data : undefined;
  if (!list) throw new Error('the answer is not a list');
  const entries: z.output<T>[] = [];
  for (const item of list) {
    const parsed = schema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
  }
  return entries;
}

/** Where the lists of a locale live (new-api's layout: {base}/api[/i18n/{locale}]/newapi/{models,vendors}.json). */
export function officialSource(base: string, locale: string): SyncSource {
  const root = `${base.replace(/\/+$/, '')}/api${locale ? `/i18n/${locale}` : ''}/newapi`;
  return { locale, models_url: `${root}/models.json`, vendors_url: `${root}/vendors.json` };
}

/**
 * Reads the official model and vendor lists under the fetch policy. The models are needed; the vendors
 * only add descriptions and icons to vendors created by a sync, so failing to read them is no failure.
 */
export async function readOfficialMetadata(http: GuardedHttpClient, source: SyncSource): Promise<{ models: Map<string, OfficialModel>; vendors: Map<string, OfficialVendor> }> {
  const get = (url: string) => http.getJson(url, { timeoutMs: TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES });
  const [models, vendors] = await Promise.all([
    get(source.models_url)
      .then((answer) => entriesOf(answer, OfficialModel))
      .catch((err: unknown) => {
        throw new AppError(ErrorCode.BadRequest, `could not read the official model list at ${source.models_url}: ${(err as Error).message}`);
      }),
    get(source.vendors_url)
      .then((answer) => entriesOf(answer, OfficialVendor))
      .catch(() => [] as OfficialVendor[]),
  ]);
  return { models: new Map(models.map((m) => [m.model_name, m])), vendors: new Map(vendors.map((v) => [v.name, v])) };
}
