import { Button, Card, Flex, Popconfirm, Popover, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CustomModelConfigView } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useCheckSupplierBalance, useDeleteCustomModelConfig } from '../api/custom-models.queries';
import { splitModelTags } from '../custom-model-form';

/** One configured service (spec 3 §2.18): supplier, model tags (ten, the rest in a popover), balance check, edit, delete. */
export function CustomModelCard({ config, onEdit }: { config: CustomModelConfigView; onEdit: (config: CustomModelConfigView) => void }) {
  const { t } = useTranslation('customModels');
  const remove = useDeleteCustomModelConfig();
  const balance = useCheckSupplierBalance();
  const { shown, rest } = splitModelTags(config.models);
  return (
    <Card
      title={config.supplier.name}
      data-testid="custom-model-card"
      extra={<Typography.Text type="secondary" code>{config.key}</Typography.Text>}
      actions={[
        <Button key="balance" type="text" icon={<WalletOutlined />} loading={balance.isPending} onClick={() => balance.mutate({ type: config.supplier.type, baseUrl: config.supplier.base_url })}>
          {balance.data ? t('card.balance', { balance: balance.data.balance.toFixed(2) }) : t('card.checkBalance')}
        </Button>,
        <Button key="edit" type="text" icon={<EditOutlined />} onClick={() => onEdit(config)}>
          {t('card.edit')}
        </Button>,
        <Popconfirm
          key="delete"
          title={t('card.deleteTitle')}
          description={t('card.deleteConfirm', { name: config.supplier.name })}
          okText={t('card.delete')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutate(config.id, { onSuccess: () => notifySuccess(t('card.deleted')) })}
        >
          <Button type="text" danger icon={<DeleteOutlined />} loading={remove.isPending}>
            {t('card.delete')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Flex wrap gap={6}>
        {config.models.length === 0 && <Typography.Text type="secondary">{t('card.noModels')}</Typography.Text>}
        {shown.map((m) => (
          <Tag key={m}>{m}</Tag>
        ))}
        {rest.length > 0 && (
          <Popover
            styles={{ root: { width: 300 } }}
            content={
              <Flex wrap gap={6}>
                {rest.map((m) => (
                  <Tag key={m}>{m}</Tag>
                ))}
              </Flex>
            }
          >
            <Tag color="blue" style={{ cursor: 'pointer' }}>
              {t('card.more', { count: rest.length })}
            </Tag>
          </Popover>
        )}
      </Flex>
    </Card>
  );
}
