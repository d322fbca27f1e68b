import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { UnpricedModels } from '../pricing/unpriced-models';
import { UpstreamRatioSync } from '../pricing/ratio-sync/upstream-ratio-sync';
import { VisualRatioEditor } from '../pricing/visual-ratio-editor';
import { RatioJsonSection } from './ratio-json-section';

/** The operation tab's pricing block: the ratio maps as JSON, the visual editor, the unpriced models and upstream ratio sync. */
export function PricingBlock({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation(['settings', 'ratioSync']);
  return (
    <Card title={t('pricing.blockTitle')} data-testid="settings-pricing-block">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'ratios', label: t('pricing.tabs.ratios'), children: <RatioJsonSection options={options} /> },
          { key: 'visual', label: t('pricing.tabs.visual'), children: <VisualRatioEditor options={options} /> },
          { key: 'unpriced', label: t('pricing.tabs.unpriced'), children: <UnpricedModels options={options} /> },
          { key: 'sync', label: t('ratioSync:tab'), children: <UpstreamRatioSync options={options} /> },
        ]}
      />
    </Card>
  );
}
