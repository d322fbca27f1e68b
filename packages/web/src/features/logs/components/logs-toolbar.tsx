import { Button, Flex } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ColumnSettings } from '../../../components/table/column-settings';
import type { ColumnVisibility } from '../../../components/table/use-column-visibility';
import { useExportLogs } from '../api/logs.queries';
import type { LogQuery } from '../api/logs.api';
import type { LogColumn } from './log-columns';
import { DeleteOldLogs } from './delete-old-logs';

interface LogsToolbarProps {
  isAdmin: boolean;
  isRoot: boolean;
  query: LogQuery;
  columns: LogColumn[];
  visibility: ColumnVisibility;
}

/** CSV export of the current filters, column choice, and (root) removal of old logs. */
export function LogsToolbar({ isAdmin, isRoot, query, columns, visibility }: LogsToolbarProps) {
  const { t } = useTranslation('logs');
  const exporter = useExportLogs();
  return (
    <Flex wrap gap={8} align="center">
      {isRoot && <DeleteOldLogs />}
      <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => exporter.mutate({ admin: isAdmin, query })} data-testid="log-export">
        {t('export')}
      </Button>
      <ColumnSettings columns={columns.map((c) => ({ key: c.key, title: String(c.title) }))} visibility={visibility} />
    </Flex>
  );
}
