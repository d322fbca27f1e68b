import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityIcon } from '../../../components/icon/entity-icon';
import { ALL_VENDORS, OTHER_VENDOR, type HubVendorOption } from '../hub-vendors';

/** The vendor filter: one checkable tag per choice, wrapping on narrow screens. */
export function HubVendorFilter({ options, value, onChange }: { options: HubVendorOption[]; value: string; onChange: (key: string) => void }) {
  const { t } = useTranslation('modelHub');
  if (options.length <= 1) return null;
  return (
    <Flex wrap gap={8} align="center" role="group" aria-label={t('vendor.label')} data-testid="model-hub-vendors">
      {options.map((option) => {
        const name = option.vendor?.name ?? (option.key === OTHER_VENDOR ? t('vendor.other') : t('vendor.all'));
        return (
          <Tag.CheckableTag
            key={option.key}
            checked={value === option.key || (option.key === ALL_VENDORS && !options.some((o) => o.key === value))}
            onChange={() => onChange(option.key)}
            data-testid={`model-hub-vendor-${option.key}`}
            style={{ marginInlineEnd: 0, paddingBlock: 2 }}
          >
            <Flex gap={6} align="center">
              {option.vendor && <EntityIcon icon={option.vendor.icon} name={option.vendor.name} size={16} />}
              <span>{`${name} (${option.count})`}</span>
            </Flex>
          </Tag.CheckableTag>
        );
      })}
    </Flex>
  );
}
