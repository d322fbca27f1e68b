import { useState } from 'react';
import { Flex, Input, Table, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type CustomModelOverviewRow } from '@gw/contracts';
import { tablePagination } from '../../../components/table/table-pagination';
import { formatUnixTime } from '../../../lib/format';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { customModelQueries } from '../api/custom-models.queries';
import { parseModelList, splitModelTags } from '../custom-model-form';

/** The administrators' overview of every user's model services (GET /api/user/custom-models/conf/all). */
export function CustomModelOverview() {
  const { t, i18n } = useTranslation('customModels');
  const { t: tc } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ p: 1, page_size: DEFAULT_PAGE_SIZE });
  const query = useQuery(customModelQueries.overview({ keyword, ...page }));
  return (
    <Flex vertical gap={12}>
      <Input.Search
        allowClear
        enterButton={<SearchOutlined />}
        placeholder={t('overview.search')}
        aria-label={t('overview.search')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage((prev) => ({ ...prev, p: 1 }));
        }}
        style={{ maxWidth: 320 }}
      />
      <Table<CustomModelOverviewRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={query.isFetching}
        dataSource={query.data?.items ?? []}
        columns={[
          { title: t('overview.columns.user'), key: 'user', render: (_, r) => `${r.username} (#${r.user_id})` },
          { title: t('overview.columns.supplier'), key: 'supplier', render: (_, r) => r.supplier.name },
          { title: t('overview.columns.key'), key: 'key', render: (_, r) => <Typography.Text code>{r.key}</Typography.Text> },
          {
            title: t('overview.columns.models'),
            key: 'models',
            render: (_, r) => {
              const { shown, rest } = splitModelTags(parseModelList(r.models));
              return (
                <Flex wrap gap={4} style={{ maxWidth: 360 }}>
                  {shown.map((m) => (
                    <Tag key={m}>{m}</Tag>
                  ))}
                  {rest.length > 0 && <Tag color="blue">{t('card.more', { count: rest.length })}</Tag>}
                </Flex>
              );
            },
          },
          { title: t('overview.columns.balance'), key: 'balance', render: (_, r) => formatQuota(r.balance) },
          { title: t('overview.columns.updated'), key: 'updated', render: (_, r) => formatUnixTime(r.updated_at, i18n.language) },
        ]}
        pagination={tablePagination({ page: page.p, pageSize: page.page_size, total: query.data?.total ?? 0, onChange: (p, page_size) => setPage({ p, page_size }), t: tc })}
      />
    </Flex>
  );
}
