import { Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterForm, TimeRangeField } from '../../../components/list-page/filter-form';
import { LOG_FILTER_KEYS, type LogFilters } from '../log-filters';
import { useLogTypeOptions } from './log-type-tag';

interface FormValues {
  type: string;
  token_name?: string;
  model_name?: string;
  group?: string;
  description?: string;
  username?: string;
  channel?: number | null;
  range?: [Dayjs | null, Dayjs | null] | null;
}

interface LogsFilterFormProps {
  filters: LogFilters;
  isAdmin: boolean;
  /** The start shown (and used) when none was chosen: 3 days ago. */
  defaultStart: number;
  onSearch: (filters: LogFilters) => void;
}

const emptyFilters = (): LogFilters => Object.fromEntries(LOG_FILTER_KEYS.map((k) => [k, ''])) as LogFilters;

function toFormValues(f: LogFilters, defaultStart: number): FormValues {
  const start = f.start_timestamp === '' ? defaultStart : Number(f.start_timestamp);
  return {
    type: f.type || '0',
    token_name: f.token_name,
    model_name: f.model_name,
    group: f.group,
    description: f.description,
    username: f.username,
    channel: f.channel ? Number(f.channel) : null,
    range: [start > 0 ? dayjs.unix(start) : null, f.end_timestamp ? dayjs.unix(Number(f.end_timestamp)) : null],
  };
}

function toFilters(v: FormValues): LogFilters {
  const [start, end] = v.range ?? [null, null];
  return {
    ...emptyFilters(),
    type: v.type === '0' ? '' : v.type,
    token_name: v.token_name?.trim() ?? '',
    model_name: v.model_name?.trim() ?? '',
    group: v.group?.trim() ?? '',
    description: v.description?.trim() ?? '',
    username: v.username?.trim() ?? '',
    channel: v.channel ? String(Math.trunc(v.channel)) : '',
    // "0": the user cleared the start, so no default window applies.
    start_timestamp: start ? String(start.unix()) : '0',
    end_timestamp: end ? String(end.unix()) : '',
  };
}

/** The log filters of spec 3 §2.5; administrators also filter by username and channel. */
export function LogsFilterForm({ filters, isAdmin, defaultStart, onSearch }: LogsFilterFormProps) {
  const { t } = useTranslation('logs');
  const typeOptions = useLogTypeOptions();
  const text = (name: keyof FormValues, label: string) => (
    <Form.Item name={name}>
      <Input allowClear placeholder={label} aria-label={label} style={{ width: 170 }} />
    </Form.Item>
  );
  return (
    <FilterForm<FormValues, LogFilters>
      filters={filters}
      toValues={(f) => toFormValues(f, defaultStart)}
      toFilters={toFilters}
      onSearch={onSearch}
      queryLabel={t('filters.query')}
      reset={{ label: t('filters.reset'), filters: emptyFilters() }}
    >
      <Form.Item name="type">
        <Select options={typeOptions} style={{ width: 140 }} aria-label={t('filters.type')} />
      </Form.Item>
      <TimeRangeField startLabel={t('filters.start')} endLabel={t('filters.end')} />
      {text('token_name', t('filters.tokenName'))}
      {text('model_name', t('filters.modelName'))}
      {text('group', t('filters.group'))}
      {text('description', t('filters.description'))}
      {isAdmin && text('username', t('filters.username'))}
      {isAdmin && (
        <Form.Item name="channel">
          <InputNumber min={1} precision={0} placeholder={t('filters.channel')} aria-label={t('filters.channel')} style={{ width: 130 }} />
        </Form.Item>
      )}
    </FilterForm>
  );
}
