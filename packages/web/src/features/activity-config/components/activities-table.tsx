import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@gw/contracts';
import { PagedTable, type PagedRows } from '../../../components/table/paged-table';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { activityColumns } from './activity-columns';

interface ActivitiesTableProps extends PagedRows<ActivityView> {
  onEdit: (activity: ActivityView) => void;
  onReward: (activity: ActivityView) => void;
}

/** The paged activity table. */
export function ActivitiesTable({ data, onEdit, onReward, ...paging }: ActivitiesTableProps) {
  const { t, i18n } = useTranslation('activityConfig');
  const formatQuota = useQuotaFormatter();
  const now = Math.floor(Date.now() / 1000);
  return (
    <PagedTable<ActivityView>
      {...paging}
      dataSource={data?.items}
      total={data?.total}
      columns={activityColumns({ t, locale: i18n.language, now, formatQuota, onEdit, onReward })}
    />
  );
}
