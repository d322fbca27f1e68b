import { Button, DatePicker, Flex, Form, InputNumber, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { QUOTA_PRESETS } from '../../../lib/quota-presets';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { BATCH_COUNT_PRESETS, type TokenFormValues } from '../token-form';

/** Remaining quota (a number or a preset), the unlimited switch and the expiry (a date-time or never). */
export function TokenQuotaFields() {
  const { t } = useTranslation('tokens');
  const form = Form.useFormInstance<TokenFormValues>();
  const formatQuota = useQuotaFormatter();
  const unlimited = Form.useWatch('unlimited_quota', form);
  const quota = Form.useWatch('remain_quota', form);
  const quick = [
    { key: 'never', at: null },
    { key: 'month', at: () => dayjs().add(1, 'month') },
    { key: 'day', at: () => dayjs().add(1, 'day') },
    { key: 'hour', at: () => dayjs().add(1, 'hour') },
  ] as const;

  return (
    <>
      <Form.Item name="unlimited_quota" label={t('form.unlimited')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="remain_quota"
        label={t('form.quota')}
        extra={!unlimited && typeof quota === 'number' ? t('form.quotaEquals', { amount: formatQuota(quota) }) : undefined}
        rules={[{ required: !unlimited, message: t('form.quotaRequired') }]}
      >
        <InputNumber min={0} precision={0} step={500000} disabled={unlimited} style={{ width: '100%' }} />
      </Form.Item>
      {!unlimited && (
        <Flex wrap gap={6} style={{ marginTop: -12, marginBottom: 24 }}>
          {QUOTA_PRESETS.map((p) => (
            <Button key={p.quota} size="small" onClick={() => form.setFieldValue('remain_quota', p.quota)}>
              {formatQuota(p.quota)}
            </Button>
          ))}
        </Flex>
      )}
      <Form.Item name="expires" label={t('form.expires')} extra={t('form.expiresHelp')}>
        <DatePicker showTime style={{ width: '100%' }} placeholder={t('expiry.never')} />
      </Form.Item>
      <Flex wrap gap={6} style={{ marginTop: -12, marginBottom: 24 }}>
        {quick.map((q) => (
          <Button key={q.key} size="small" onClick={() => form.setFieldValue('expires', q.at ? q.at() : null)}>
            {t(`expiry.${q.key}`)}
          </Button>
        ))}
      </Flex>
    </>
  );
}

/** How many tokens to create at once (create only); extra tokens get a random name suffix. */
export function TokenCountField() {
  const { t } = useTranslation('tokens');
  const form = Form.useFormInstance<TokenFormValues>();
  return (
    <>
      <Form.Item name="count" label={t('form.count')} extra={t('form.countHelp')}>
        <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Flex wrap gap={6} align="center" style={{ marginTop: -12, marginBottom: 24 }}>
        <Typography.Text type="secondary">{t('form.countPresets')}</Typography.Text>
        {BATCH_COUNT_PRESETS.map((n) => (
          <Button key={n} size="small" onClick={() => form.setFieldValue('count', n)}>
            {n}
          </Button>
        ))}
      </Flex>
    </>
  );
}
