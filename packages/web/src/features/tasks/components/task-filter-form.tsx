import { Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterForm, TimeRangeField } from '../../../components/list-page/filter-form';
import { timeBoundOf, type DefaultWindow } from '../task-filters';

/** The filters both logs share; the task-id filter is `mj_id` on the drawing log and `task_id` on the task log. */
type IdKey = 'mj_id' | 'task_id';
export type TaskLogFilters<K extends IdKey> = Record<K | 'channel_id' | 'start_timestamp' | 'end_timestamp', string>;

interface FormValues {
  channel_id?: number | null;
  id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

interface TaskFilterFormProps<K extends IdKey> {
  idKey: K;
  filters: TaskLogFilters<K>;
  isAdmin: boolean;
  /** Shown (and used) when no bound was chosen. */
  defaults: DefaultWindow;
  onSearch: (filters: TaskLogFilters<K>) => void;
}

const asDayjs = (seconds: number | undefined) => (seconds === undefined ? null : dayjs.unix(seconds));

function toFormValues<K extends IdKey>(idKey: K, f: TaskLogFilters<K>, defaults: DefaultWindow): FormValues {
  return {
    channel_id: f.channel_id ? Number(f.channel_id) : null,
    id: f[idKey],
    range: [asDayjs(timeBoundOf(f.start_timestamp, defaults.start)), asDayjs(timeBoundOf(f.end_timestamp, defaults.end))],
  };
}

/** A cleared picker becomes "0" where a default exists, so the default does not come back. */
const boundOf = (value: Dayjs | null | undefined, fallback: number | undefined) => (value ? String(value.unix()) : fallback === undefined ? '' : '0');

function toFilters<K extends IdKey>(idKey: K, v: FormValues, defaults: DefaultWindow): TaskLogFilters<K> {
  const [start, end] = v.range ?? [null, null];
  return {
    channel_id: v.channel_id ? String(Math.trunc(v.channel_id)) : '',
    [idKey]: v.id?.trim() ?? '',
    start_timestamp: boundOf(start, defaults.start),
    end_timestamp: boundOf(end, defaults.end),
  } as TaskLogFilters<K>;
}

const emptyFilters = <K extends IdKey>(idKey: K) =>
  ({ channel_id: '', [idKey]: '', start_timestamp: '', end_timestamp: '' }) as TaskLogFilters<K>;

/** Time range, task id and (administrators) channel id, with the query and reset buttons (spec 3 §2.6, §2.7). */
export function TaskFilterForm<K extends IdKey>({ idKey, filters, isAdmin, defaults, onSearch }: TaskFilterFormProps<K>) {
  const { t } = useTranslation('tasks');
  return (
    <FilterForm<FormValues, TaskLogFilters<K>>
      filters={filters}
      toValues={(f) => toFormValues(idKey, f, defaults)}
      toFilters={(v) => toFilters(idKey, v, defaults)}
      onSearch={onSearch}
      queryLabel={t('filters.query')}
      reset={{ label: t('filters.reset'), filters: emptyFilters(idKey) }}
    >
      <TimeRangeField startLabel={t('filters.start')} endLabel={t('filters.end')} />
      {isAdmin && (
        <Form.Item name="channel_id">
          <InputNumber min={1} precision={0} placeholder={t('filters.channel')} aria-label={t('filters.channel')} style={{ width: 130 }} />
        </Form.Item>
      )}
      <Form.Item name="id">
        <Input allowClear placeholder={t('filters.taskId')} aria-label={t('filters.taskId')} style={{ width: 220 }} />
      </Form.Item>
    </FilterForm>
  );
}
