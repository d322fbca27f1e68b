import { describe, expect, it } from 'vitest';
import type { PricingVendor } from '@gw/contracts';
import { ALL_VENDORS, hubVendorOptions, OTHER_VENDOR, vendorFilterOf } from './hub-vendors';
import type { ModelRow } from './pricing';

const row = (name: string, vendorId: number) => ({ name, vendorId }) as ModelRow;
const vendors: PricingVendor[] = [{ id: 1, name: 'OpenAI' }, { id: 2, name: 'Anthropic' }, { id: 5, name: 'Acme', icon: 'https://acme.example/i.png' }];
const rows = [row('gpt-4o', 1), row('gpt-4o-mini', 1), row('acme-1', 5), row('mystery', 0), row('orphan', 9)];

describe('hubVendorOptions', () => {
  it('offers "All", the vendors that have listed models in the answer’s order, then "Other", with counts', () => {
    expect(hubVendorOptions(rows, vendors).map((o) => [o.key, o.vendor?.name, o.count])).toEqual([
      [ALL_VENDORS, undefined, 5],
      ['1', 'OpenAI', 2],
      ['5', 'Acme', 1],
      // No vendor, and a vendor id the answer does not list.
      [OTHER_VENDOR, undefined, 2],
    ]);
  });

  it('leaves "Other" out when every model has a listed vendor', () => {
    expect(hubVendorOptions([row('gpt-4o', 1)], vendors).map((o) => o.key)).toEqual([ALL_VENDORS, '1']);
  });
});

describe('vendorFilterOf', () => {
  const options = hubVendorOptions(rows, vendors);
  const names = (chosen: string) => rows.filter(vendorFilterOf(chosen, options)).map((r) => r.name);

  it('keeps one vendor’s models, or those without a listed vendor under "Other"', () => {
    expect(names('1')).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(names('5')).toEqual(['acme-1']);
    expect(names(OTHER_VENDOR)).toEqual(['mystery', 'orphan']);
  });

  it('keeps every model for "All" and for a choice no longer offered', () => {
    expect(names(ALL_VENDORS)).toHaveLength(5);
    expect(names('2')).toHaveLength(5);
  });
});
