import { useEffect } from 'react';
import { Button, Card, Flex, Form, Input, InputNumber, Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NotifyType, QUOTA_WARNING_SUGGESTIONS, WEBHOOK_SECRET_MAX, WEBHOOK_URL_MAX, type NotifyTypeValue } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { shortenNumber } from '../../../lib/format';
import { personalQueries, useSaveSetting } from '../api/personal.queries';
import { isHttpsUrl, settingBody } from '../personal-rules';

interface NotificationValues {
  notify_type: NotifyTypeValue;
  quota_warning_threshold: number;
  notification_email: string;
  webhook_url: string;
  webhook_secret: string;
}

/** Low-quota notifications (PUT /api/user/setting): by e-mail or by a signed https webhook, below a threshold. */
export function NotificationCard() {
  const { t } = useTranslation('personal');
  const setting = useQuery(personalQueries.setting());
  const save = useSaveSetting();
  const [form] = Form.useForm<NotificationValues>();
  const type = Form.useWatch('notify_type', form);
  const saved = setting.data;
  useEffect(() => {
    if (saved) form.setFieldsValue({ ...saved, webhook_secret: '' });
  }, [saved, form]);

  const submit = (v: NotificationValues) => {
    if (!saved) return;
    save.mutate(
      settingBody(saved, {
        notify_type: v.notify_type,
        quota_warning_threshold: v.quota_warning_threshold,
        notification_email: (v.notification_email ?? '').trim(),
        webhook_url: (v.webhook_url ?? '').trim(),
        webhook_secret: v.webhook_secret ?? '',
      }),
      { onSuccess: () => notifySuccess(t('notify.saved')) },
    );
  };

  return (
    <Card title={t('notify.title')} loading={setting.isPending}>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" style={{ maxWidth: 520 }}>
        <Form.Item name="notify_type" label={t('notify.type')}>
          <Radio.Group
            options={[
              { value: NotifyType.Email, label: t('notify.email') },
              { value: NotifyType.Webhook, label: t('notify.webhook') },
            ]}
          />
        </Form.Item>
        <Form.Item name="quota_warning_threshold" label={t('notify.threshold')} extra={t('notify.thresholdHint')} rules={[{ required: true, message: t('notify.thresholdRequired') }]}>
          <InputNumber min={1} precision={0} style={{ width: 220 }} />
        </Form.Item>
        <Flex wrap gap={8} style={{ marginTop: -12, marginBottom: 16 }}>
          {QUOTA_WARNING_SUGGESTIONS.map((v) => (
            <Button key={v} size="small" onClick={() => form.setFieldValue('quota_warning_threshold', v)}>
              {shortenNumber(v)}
            </Button>
          ))}
        </Flex>
        {type === NotifyType.Webhook ? (
          <>
            <Form.Item
              name="webhook_url"
              label={t('notify.webhookUrl')}
              extra={t('notify.webhookHint')}
              rules={[
                { required: true, message: t('notify.webhookRequired') },
                { validator: async (_r, value: string) => (!value || isHttpsUrl(value.trim()) ? undefined : Promise.reject(new Error(t('notify.webhookHttps')))) },
              ]}
            >
              <Input placeholder="https://" maxLength={WEBHOOK_URL_MAX} />
            </Form.Item>
            <Form.Item name="webhook_secret" label={t('notify.webhookSecret')} extra={saved?.webhook_secret_set ? t('notify.secretKept') : t('notify.secretHint')}>
              <Input.Password maxLength={WEBHOOK_SECRET_MAX} autoComplete="new-password" placeholder={saved?.webhook_secret_set ? '••••••••' : ''} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="notification_email" label={t('notify.emailAddress')} extra={t('notify.emailHint')} rules={[{ type: 'email', message: t('notify.emailInvalid') }]}>
            <Input maxLength={100} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
