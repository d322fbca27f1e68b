import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

/** The frame of a list screen: a card with the title above the screen's search, toolbar and table. */
export function ListCard({ title, children, dialogs }: { title: ReactNode; children: ReactNode; dialogs?: ReactNode }) {
  return (
    <Card>
      <Flex vertical gap={16}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Flex>
      {dialogs}
    </Card>
  );
}
