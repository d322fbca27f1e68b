import { ChannelType, type SupplierBody, type SupplierView } from '@gw/contracts';

/** The supplier dialog's form model (spec 3 §2.14): every field is required. */
export type SupplierFormValues = SupplierBody;

export function newSupplierValues(): SupplierFormValues {
  return { name: '', type: ChannelType.OpenAI, sdk: 'openai', base_url: '', disable: false };
}

export function supplierToValues(s: SupplierView): SupplierFormValues {
  return { name: s.name, type: s.type, sdk: s.sdk, base_url: s.base_url, disable: s.disable };
}
