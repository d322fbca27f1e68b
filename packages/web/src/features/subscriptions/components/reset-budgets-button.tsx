import { useState } from 'react';
import { Button, Checkbox, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubscriptionResetResult } from '@gw/contracts';

/**
 * "Reset budgets" with its confirmation: what is reset, and whether the reset window starts again from now
 * (new-api's advance_reset_time, on by default so the periodic reset does not follow right after).
 */
export function ResetBudgetsButton({ confirm, disabled, pending, onReset, testId }: {
  confirm: string;
  disabled?: boolean;
  pending: boolean;
  onReset: (advance: boolean) => Promise<SubscriptionResetResult>;
  testId?: string;
}) {
  const { t } = useTranslation('subscriptions');
  const [advance, setAdvance] = useState(true);
  return (
    <Popconfirm
      title={t('reset.title')}
      description={
        <Flex vertical gap={8} style={{ maxWidth: 320 }}>
          <Typography.Text>{confirm}</Typography.Text>
          <Checkbox checked={advance} onChange={(e) => setAdvance(e.target.checked)}>
            {t('reset.advance')}
          </Checkbox>
        </Flex>
      }
      okText={t('reset.ok')}
      cancelText={t('dialog.cancel')}
      disabled={disabled}
      onOpenChange={(open) => open && setAdvance(true)}
      onConfirm={() => onReset(advance)}
    >
      <Button size="small" disabled={disabled} loading={pending} data-testid={testId}>
        {t('reset.button')}
      </Button>
    </Popconfirm>
  );
}
