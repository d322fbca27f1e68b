import { MetaStatus, VendorBody, type VendorView } from '@gw/contracts';
import { issuesToFields } from '../../lib/form-errors';

/** The vendor dialog's form model. */
export interface VendorFormValues {
  name: string;
  description: string;
  icon: string;
  enabled: boolean;
}

export const newVendorValues = (): VendorFormValues => ({ name: '', description: '', icon: '', enabled: true });

export function vendorToValues(vendor: VendorView): VendorFormValues {
  return { name: vendor.name, description: vendor.description, icon: vendor.icon, enabled: vendor.status === MetaStatus.Enabled };
}

export type VendorFormResult = { ok: true; body: VendorBody } | { ok: false; fields: { name: keyof VendorFormValues & string; errors: string[] }[] };

/** Checks the form with the contract schema: the body to send, or the errors placed on their fields. */
export function vendorBodyOf(values: VendorFormValues): VendorFormResult {
  const parsed = VendorBody.safeParse({
    name: values.name,
    description: values.description,
    icon: values.icon,
    status: values.enabled ? MetaStatus.Enabled : MetaStatus.Disabled,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, fields: issuesToFields<VendorFormValues>(parsed.error, 'name') };
}
