import { Checkbox, Space, Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { columnState, chooseColumn, isChosen, pickable, type SyncRow } from '../../../pricing/ratio-sync/sync-rows';
import { chooseValue, unchooseValue, type SyncChoices } from '../../../pricing/ratio-sync/sync-choices';

interface SyncColumnsInput {
  t: TFunction<'ratioSync'>;
  /** The rows shown under the current filter: a column's select-all box works on these. */
  rows: SyncRow[];
  upstreams: string[];
  choices: SyncChoices;
  onChoicesChange: (next: SyncChoices) => void;
}

/** The differences table's columns: model, ratio type, confidence, current value, then one pickable column per upstream. */
export function syncColumns({ t, rows, upstreams, choices, onChoicesChange }: SyncColumnsInput): ColumnsType<SyncRow> {
  const fixed: ColumnsType<SyncRow> = [
    { title: t('table.model'), dataIndex: 'model', key: 'model', fixed: 'left' },
    {
      title: t('table.field'),
      key: 'field',
      render: (_v, row) => (
        <Space size={4}>
          <Tag color={row.field === 'model_price' ? 'purple' : 'blue'}>{t(`fields.${row.field}`)}</Tag>
          {row.billingConflict && (
            <Tooltip title={t('table.billingConflict')}>
              <WarningOutlined aria-label={t('table.billingConflict')} style={{ color: 'var(--ant-color-warning)' }} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('table.confidence'),
      key: 'confidence',
      render: (_v, row) => {
        const doubtful = Object.entries(row.confidence).filter(([, trusted]) => !trusted).map(([name]) => name);
        if (doubtful.length === 0) return <Tag color="green">{t('table.trusted')}</Tag>;
        return (
          <Tooltip title={t('table.cautionHelp', { names: doubtful.join(', ') })}>
            <Tag color="orange">{t('table.caution')}</Tag>
          </Tooltip>
        );
      },
    },
    { title: t('table.current'), key: 'current', render: (_v, row) => (row.current === null ? <Tag>{t('table.notSet')}</Tag> : <Tag color="geekblue">{row.current}</Tag>) },
  ];

  const perUpstream: ColumnsType<SyncRow> = upstreams.map((upstream) => {
    const state = columnState(rows, choices, upstream);
    const title =
      state.selectable === 0 ? (
        upstream
      ) : (
        <Checkbox
          aria-label={t('table.selectColumn', { upstream })}
          checked={state.chosen === state.selectable}
          indeterminate={state.chosen > 0 && state.chosen < state.selectable}
          onChange={(e) => onChoicesChange(chooseColumn(choices, rows, upstream, e.target.checked))}
        >
          {upstream}
        </Checkbox>
      );
    return {
      title,
      key: `upstream:${upstream}`,
      render: (_v, row) => {
        const raw = row.upstreams[upstream];
        const value = pickable(row, upstream);
        if (value === null) return raw === 'same' ? <Tag color="blue">{t('table.same')}</Tag> : <Tag>{t('table.notSet')}</Tag>;
        return (
          <Checkbox
            aria-label={t('table.pick', { value, upstream, model: row.model, field: t(`fields.${row.field}`) })}
            checked={isChosen(choices, row, upstream)}
            onChange={(e) => onChoicesChange(e.target.checked ? chooseValue(choices, row.model, row.field, value) : unchooseValue(choices, row.model, row.field))}
          >
            {value}
          </Checkbox>
        );
      },
    };
  });
  return [...fixed, ...perUpstream];
}
