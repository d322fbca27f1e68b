import type { ReactNode } from 'react';
import { Button, DatePicker, Form, Space } from 'antd';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';

interface FilterFormProps<V, F> {
  filters: F;
  /** The form values showing these filters (also what Reset puts back). */
  toValues: (filters: F) => V;
  toFilters: (values: V) => F;
  onSearch: (filters: F) => void;
  queryLabel: string;
  /** With it, a Reset button that shows and searches with these filters. */
  reset?: { label: string; filters: F };
  /** With it, an Add button after the others. */
  add?: { label: string; onClick: () => void };
  /** The fields. */
  children: ReactNode;
}

/** The inline filter form above a list: its fields, then Query (submit), and Reset and Add when asked for. */
export function FilterForm<V extends object, F>({ filters, toValues, toFilters, onSearch, queryLabel, reset, add, children }: FilterFormProps<V, F>) {
  const [form] = Form.useForm<V>();
  return (
    <Form form={form} layout="inline" initialValues={toValues(filters)} onFinish={(v) => onSearch(toFilters(v))} style={{ rowGap: 12 }}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {queryLabel}
          </Button>
          {reset && (
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.setFieldsValue(toValues(reset.filters));
                onSearch(reset.filters);
              }}
            >
              {reset.label}
            </Button>
          )}
          {add && (
            <Button icon={<PlusOutlined />} onClick={add.onClick}>
              {add.label}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}

type SearchFormProps<K extends string> = Omit<FilterFormProps<Partial<Record<K, string>>, Record<K, string>>, 'toValues' | 'toFilters'>;

/** A FilterForm over plain text filters, each edited by the field named after its key. */
export function SearchForm<K extends string>({ filters, ...rest }: SearchFormProps<K>) {
  const keys = Object.keys(filters) as K[];
  return (
    <FilterForm<Partial<Record<K, string>>, Record<K, string>>
      filters={filters}
      // A blank filter is an undefined value, so a select shows its placeholder.
      toValues={(f) => Object.fromEntries(keys.map((k) => [k, f[k] || undefined])) as Partial<Record<K, string>>}
      toFilters={(v) => Object.fromEntries(keys.map((k) => [k, v[k] ?? ''])) as Record<K, string>}
      {...rest}
    />
  );
}

/** The time range filter, the form value `range`; either end may stay empty. */
export function TimeRangeField({ startLabel, endLabel }: { startLabel: string; endLabel: string }) {
  return (
    <Form.Item name="range" style={{ maxWidth: '100%' }}>
      <DatePicker.RangePicker showTime allowEmpty={[true, true]} placeholder={[startLabel, endLabel]} style={{ width: 380, maxWidth: '100%' }} />
    </Form.Item>
  );
}
