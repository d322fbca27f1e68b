import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';

/** A table cell with a bold first line and quieter lines under it (a name over its description, key or tag). */
export function StackedCell({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{title}</Typography.Text>
      {children}
    </Space>
  );
}
