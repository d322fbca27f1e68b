import { DatePicker, Flex, Input, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GRANULARITIES, type Granularity } from '../usage-series';

interface DashboardFiltersProps {
  range: [number, number];
  onRange: (range: [number, number]) => void;
  granularity: Granularity;
  onGranularity: (g: Granularity) => void;
  /** Administrators may narrow to one user; undefined hides the box. */
  username?: string;
  onUsername?: (username: string) => void;
}

/** Time range, granularity (hour/day/week) and, for administrators, a username. */
export function DashboardFilters({ range, onRange, granularity, onGranularity, username, onUsername }: DashboardFiltersProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Flex wrap gap={12} align="center">
      <DatePicker.RangePicker
        showTime
        allowClear={false}
        value={[dayjs.unix(range[0]), dayjs.unix(range[1])]}
        onChange={(v) => v?.[0] && v[1] && onRange([v[0].unix(), v[1].unix()])}
        aria-label={t('filters.range')}
        style={{ maxWidth: '100%' }}
      />
      <Segmented<Granularity>
        value={granularity}
        onChange={onGranularity}
        options={GRANULARITIES.map((g) => ({ value: g, label: t(`granularity.${g}`) }))}
      />
      {onUsername && (
        <Input.Search
          allowClear
          defaultValue={username}
          placeholder={t('filters.username')}
          aria-label={t('filters.username')}
          onSearch={(v) => onUsername(v.trim())}
          style={{ width: 220 }}
        />
      )}
    </Flex>
  );
}
