import { Button, Form, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Search by name keyword or id (spec 3 §2.3). */
export function RedemptionsSearchForm({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation('redemptions');
  return (
    <Form layout="inline" initialValues={{ keyword }} onFinish={(v: { keyword?: string }) => onSearch(v.keyword ?? '')} style={{ rowGap: 12 }}>
      <Form.Item name="keyword">
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('search.keyword')} aria-label={t('search.keyword')} style={{ width: 260 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t('search.query')}
      </Button>
    </Form>
  );
}
