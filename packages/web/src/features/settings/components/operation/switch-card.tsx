import type { ReactNode } from 'react';
import { Card, Flex, Switch, Typography } from 'antd';

interface SwitchCardProps {
  title: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}

/** One labelled switch of the header and sidebar cards (the switch is named by its title). */
export function SwitchCard({ title, description, checked, disabled, onChange, children }: SwitchCardProps) {
  return (
    <Card size="small" style={{ height: '100%', opacity: disabled ? 0.6 : 1 }}>
      <Flex justify="space-between" align="center" gap={12}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>{title}</Typography.Text>
          {description && (
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
              {description}
            </Typography.Paragraph>
          )}
        </div>
        <Switch checked={checked} disabled={disabled} onChange={onChange} aria-label={title} />
      </Flex>
      {children}
    </Card>
  );
}
