import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type placeholders from '../../../i18n/locales/en/placeholders.json';

export type PlaceholderFeature = keyof (typeof placeholders)['features'];

/** A route whose screen arrives with a later feature; it says which one. */
export function PlaceholderPage({ feature }: { feature: PlaceholderFeature }) {
  const { t } = useTranslation('placeholders');
  const title = t(`features.${feature}.title`);
  const featureName = t(`features.${feature}.feature`);
  return (
    <Card>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="placeholder-text">{t('comingWith', { title, feature: featureName })}</span>}
      />
    </Card>
  );
}
