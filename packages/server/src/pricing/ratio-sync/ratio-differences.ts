import { RATIO_SYNC_FIELDS, type RatioDifference, type RatioDifferences, type RatioSyncUpstreamValue } from '@gw/contracts';
import { effectiveRatioData, type RatioData } from './ratio-data.js';

export interface UpstreamRatios {
  name: string;
  data: RatioData;
}

const sameValue = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * Whether an upstream's value for a model can be trusted. A new-api /api/pricing list shows an unpriced
 * model (in self-use mode) at its fallback ratio 37.5 with completion ratio 1, which is not a real price;
 * answers without both maps (a ratio_config of fixed prices) are trusted throughout.
 */
function trustOf(data: RatioData): (model: string) => boolean {
  const ratios = data.model_ratio;
  const completions = data.completion_ratio;
  if (Object.keys(ratios).length === 0 || Object.keys(completions).length === 0) return () => true;
  return (model) => !(ratios[model] !== undefined && completions[model] !== undefined && sameValue(ratios[model], 37.5) && sameValue(completions[model], 1));
}

/**
 * new-api's comparison: for each model and field, the local value against each upstream's, both read as
 * billing reads them (effectiveRatioData). An entry is kept when some upstream has a value that differs
 * from the local one (or the local one is missing); an upstream equal to the local value shows "same", one
 * without a value null ("same" when the local value is missing too). Upstreams with nothing different
 * anywhere are left out of every entry.
 */
export function ratioDifferences(localData: RatioData, upstreamData: readonly UpstreamRatios[]): RatioDifferences {
  const local = effectiveRatioData(localData);
  const upstreams = upstreamData.map((u) => {
    const data = effectiveRatioData(u.data);
    return { name: u.name, data, trusted: trustOf(data) };
  });
  const models = new Set<string>();
  for (const data of [local, ...upstreams.map((u) => u.data)]) for (const field of RATIO_SYNC_FIELDS) for (const model of Object.keys(data[field])) models.add(model);

  const differences: RatioDifferences = {};
  const differing = new Set<string>();
  for (const model of [...models].sort()) {
    for (const field of RATIO_SYNC_FIELDS) {
      const current = local[field][model] ?? null;
      const entry: RatioDifference = { current, upstreams: {}, confidence: {} };
      let differs = false;
      for (const upstream of upstreams) {
        const theirs = upstream.data[field][model];
        let value: RatioSyncUpstreamValue;
        if (theirs === undefined) value = current === null ? 'same' : null;
        else if (current !== null && sameValue(current, theirs)) value = 'same';
        else {
          value = theirs;
          differs = true;
          differing.add(upstream.name);
        }
        entry.upstreams[upstream.name] = value;
        entry.confidence[upstream.name] = upstream.trusted(model);
      }
      if (differs) (differences[model] ??= {})[field] = entry;
    }
  }

  for (const fields of Object.values(differences)) {
    for (const entry of Object.values(fields)) {
      for (const name of Object.keys(entry.upstreams)) {
        if (differing.has(name)) continue;
        delete entry.upstreams[name];
        delete entry.confidence[name];
      }
    }
  }
  return differences;
}
