import type { ReactNode } from 'react';
import { Button, Flex, Table, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

/** The frame of an aipy-conf tab: Add (and any other toolbar buttons) above a table of rows keyed by id, then the tab's dialog. */
export function AipyListTab<T extends { id: number }>({ addLabel, onAdd, toolbar, dialog, ...table }: { addLabel: string; onAdd: () => void; toolbar?: ReactNode; dialog: ReactNode } & TableProps<T>) {
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
        {toolbar}
      </Flex>
      <Table<T> rowKey="id" size="middle" scroll={{ x: 'max-content' }} {...table} />
      {dialog}
    </Flex>
  );
}
