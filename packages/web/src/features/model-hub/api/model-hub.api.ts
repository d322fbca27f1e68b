import type { ModelHubEntry, PricingEntry, PricingResponse, PricingVendor } from '@gw/contracts';
import { api, requestEnvelope } from '../../../lib/api-client';

/** The pricing list with the caller's usable groups and their ratios. */
export interface PricingData {
  models: PricingEntry[];
  groupRatio: PricingResponse['group_ratio'];
  usableGroup: PricingResponse['usable_group'];
  /** The vendors of the listed models. */
  vendors: PricingVendor[];
  supportedEndpoint: PricingResponse['supported_endpoint'];
}

const asRecord = <V>(value: unknown): Record<string, V> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, V>) : {};

/** GET /api/pricing (public). The group, vendor and endpoint fields sit beside `data` in the answer, as in new-api. */
export async function getPricing(signal?: AbortSignal): Promise<PricingData> {
  const { data, envelope } = await requestEnvelope<PricingEntry[]>('GET', '/api/pricing', { signal });
  return {
    models: Array.isArray(data) ? data : [],
    groupRatio: asRecord<number>(envelope.group_ratio),
    usableGroup: asRecord<string>(envelope.usable_group),
    vendors: Array.isArray(envelope.vendors) ? (envelope.vendors as PricingVendor[]) : [],
    supportedEndpoint: asRecord(envelope.supported_endpoint),
  };
}

/** GET /api/model_hub/ (public): descriptions, icons, tags and limits of the models; hidden ones never arrive. */
export async function listModelHub(signal?: AbortSignal): Promise<ModelHubEntry[]> {
  const data = await api.get<ModelHubEntry[]>('/api/model_hub/', undefined, signal);
  return Array.isArray(data) ? data : [];
}
