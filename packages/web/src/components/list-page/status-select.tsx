import { Select } from 'antd';

/** A list's status filter: every status, or one of `statuses` (named by `labelOf`). */
export function StatusSelect<S extends string>({ value, statuses, label, allLabel, labelOf, onChange }: {
  value: S | '';
  statuses: readonly S[];
  label: string;
  allLabel: string;
  labelOf: (status: S) => string;
  onChange: (status: S | '') => void;
}) {
  return (
    <Select<S | ''>
      value={value}
      aria-label={label}
      style={{ width: 150 }}
      onChange={onChange}
      options={[{ value: '', label: allLabel }, ...statuses.map((s) => ({ value: s, label: labelOf(s) }))]}
    />
  );
}
