import { useMemo, useState } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
import { useColumnVisibility } from '../../../components/table/use-column-visibility';
import { pagedRowsOf } from '../../../components/table/paged-table';
import { useRoles } from '../../../lib/session';
import { StorageKey } from '../../../lib/storage';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { logKeys, logQueries } from '../api/logs.queries';
import { defaultStartOf, LOG_FILTER_KEYS, logQueryOf } from '../log-filters';
import { logColumns } from '../components/log-columns';
import { LogsFilterForm } from '../components/logs-filter-form';
import { LogsStats } from '../components/logs-stats';
import { LogsTable } from '../components/logs-table';
import { LogsToolbar } from '../components/logs-toolbar';

/** /log: usage logs (spec 3 §2.5): every user's for administrators, the caller's own otherwise. */
export function LogsPage() {
  const { t, i18n } = useTranslation('logs');
  const { isAdmin, isRoot } = useRoles();
  const queryClient = useQueryClient();
  const formatQuota = useQuotaFormatter();
  const list = useUrlListState(LOG_FILTER_KEYS);
  const [defaultStart] = useState(() => defaultStartOf(Date.now()));
  const query = useMemo(() => logQueryOf(list.filters, isAdmin, defaultStart), [list.filters, isAdmin, defaultStart]);
  const logs = useQuery(logQueries.list({ admin: isAdmin, query, p: list.page, page_size: list.pageSize }));
  const stat = useQuery(logQueries.stat(isAdmin, query));
  const visibility = useColumnVisibility(StorageKey.logColumns);
  const columns = logColumns({ t, locale: i18n.language, isAdmin, formatQuota });

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex wrap gap={12} justify="space-between" align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <LogsToolbar isAdmin={isAdmin} isRoot={isRoot} query={query} columns={columns} visibility={visibility} />
        </Flex>
        <LogsFilterForm
          filters={list.filters}
          isAdmin={isAdmin}
          defaultStart={defaultStart}
          onSearch={(filters) => {
            list.setFilters(filters);
            void queryClient.invalidateQueries({ queryKey: logKeys.all });
          }}
        />
        <LogsStats stat={stat.data} loading={stat.isFetching} />
        <LogsTable
          {...pagedRowsOf(logs, list)}
          columns={columns}
          visibility={visibility}
          isAdmin={isAdmin}
        />
      </Flex>
    </Card>
  );
}
