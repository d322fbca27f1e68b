import { useEffect } from 'react';
import { Button, Flex, Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fitScreen } from '../../../components/responsive';
import { notifySuccess } from '../../../lib/notify';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { useTransferRewardQuota } from '../api/rewards.queries';
import { transferProblem } from '../reward-quota';

interface TransferQuotaModalProps {
  open: boolean;
  /** Invitation plus activity rewards (spec 3 §9). */
  transferable: number;
  onClose: () => void;
}

/** Moves reward quota to the balance (POST /api/user/quota_transfer); the amount is checked first (spec 3 §5). */
export function TransferQuotaModal({ open, transferable, onClose }: TransferQuotaModalProps) {
  const { t } = useTranslation('activityCenter');
  const formatQuota = useQuotaFormatter();
  const [form] = Form.useForm<{ quota: number | null }>();
  const transfer = useTransferRewardQuota();
  const quota = Form.useWatch('quota', form);

  useEffect(() => {
    if (open) form.setFieldsValue({ quota: transferable > 0 ? transferable : null });
  }, [open, transferable, form]);

  const submit = ({ quota: amount }: { quota: number | null }) => {
    const problem = transferProblem(amount, transferable);
    if (problem) return form.setFields([{ name: 'quota', errors: [t(problem === 'required' ? 'transfer.required' : 'transfer.insufficient')] }]);
    transfer.mutate(Math.trunc(amount ?? 0), {
      onSuccess: () => {
        notifySuccess(t('transfer.success', { amount: formatQuota(Math.trunc(amount ?? 0)) }));
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('transfer.title')}
      onCancel={onClose}
      width={fitScreen(440)}
      okText={t('transfer.submit')}
      cancelText={t('transfer.cancel')}
      okButtonProps={{ loading: transfer.isPending }}
      onOk={() => form.submit()}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('transfer.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item label={t('transfer.available')}>
          <Flex gap={8} align="center">
            <Typography.Text strong data-testid="transferable">{formatQuota(transferable)}</Typography.Text>
            <Button size="small" disabled={transferable <= 0} onClick={() => form.setFieldValue('quota', transferable)}>
              {t('transfer.all')}
            </Button>
          </Flex>
        </Form.Item>
        <Form.Item
          name="quota"
          label={t('transfer.amount')}
          extra={typeof quota === 'number' ? t('transfer.equals', { amount: formatQuota(quota) }) : undefined}
        >
          <InputNumber precision={0} step={100000} style={{ width: '100%' }} aria-label={t('transfer.amount')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
