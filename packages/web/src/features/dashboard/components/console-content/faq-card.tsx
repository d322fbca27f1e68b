import { Card, Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FaqItem } from '@gw/contracts';
import { RichText } from '../../../../components/rich-text';

/** Frequently asked questions, each answer folded until opened. */
export function FaqCard({ items }: { items: FaqItem[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('faq.title')} data-testid="dashboard-faq">
      <Collapse ghost items={items.map((item, i) => ({ key: i, label: item.question, children: <RichText content={item.answer} /> }))} />
    </Card>
  );
}
