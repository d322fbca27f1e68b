import { useMemo } from 'react';
import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VendorView } from '@gw/contracts';
import { EntityIcon } from '../../../components/icon/entity-icon';
import { NO_VENDOR, vendorTabsOf } from '../model-meta-display';

interface VendorTabsProps {
  vendors: VendorView[];
  /** Entries per vendor id over all pages (the list answer's vendor_counts). */
  counts: Record<string, number> | undefined;
  /** '' for every vendor, a vendor id or NO_VENDOR. */
  value: string;
  onChange: (vendor: string) => void;
}

/** The vendor filter: "All", each vendor that has entries, and "No vendor", each with its count. */
export function VendorTabs({ vendors, counts, value, onChange }: VendorTabsProps) {
  const { t } = useTranslation('modelMetadata');
  const tabs = useMemo(() => vendorTabsOf(vendors, counts ?? {}, value), [vendors, counts, value]);
  return (
    <Tabs
      activeKey={value || 'all'}
      onChange={(key) => onChange(key === 'all' ? '' : key)}
      aria-label={t('vendorFilter.label')}
      style={{ marginBottom: -16 }}
      items={tabs.map((tab) => {
        const key = tab.key || 'all';
        const name = tab.vendor?.name ?? (tab.key === NO_VENDOR ? t('vendorFilter.none') : t('vendorFilter.all'));
        return {
          key,
          label: (
            <Flex gap={6} align="center" data-testid={`model-meta-vendor-tab-${tab.key === NO_VENDOR ? 'none' : key}`}>
              {tab.vendor && <EntityIcon icon={tab.vendor.icon} name={tab.vendor.name} size={18} />}
              <span>{`${name} (${tab.count})`}</span>
            </Flex>
          ),
        };
      })}
    />
  );
}
