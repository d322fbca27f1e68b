import type { ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PHONE_PATTERN } from '@gw/contracts';
import { SmsCodeButton } from './sms-code-button';

export interface PhoneCodeValues {
  phone_number: string;
  code: string;
}

interface PhoneCodeFormProps {
  submitting: boolean;
  submitLabel: string;
  onSubmit: (values: PhoneCodeValues) => void;
  /** Extra fields shown above the submit button (the legal consent checkbox on registration). */
  extra?: ReactNode;
}

/** Phone number + SMS code, with the messages of spec 1 §5 (used to sign in and to register). */
export function PhoneCodeForm({ submitting, submitLabel, onSubmit, extra }: PhoneCodeFormProps) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<PhoneCodeValues>();
  const getPhone = async () => (await form.validateFields(['phone_number'])).phone_number.trim();
  return (
    <Form form={form} layout="vertical" size="large" onFinish={(v) => onSubmit({ phone_number: v.phone_number.trim(), code: v.code.trim() })}>
      <Form.Item
        name="phone_number"
        label={t('phone.number')}
        rules={[
          { required: true, whitespace: true, message: t('phone.numberRequired') },
          { pattern: PHONE_PATTERN, message: t('phone.numberInvalid') },
        ]}
      >
        <Input prefix={<MobileOutlined />} autoComplete="tel" inputMode="numeric" maxLength={11} placeholder={t('phone.numberPlaceholder')} />
      </Form.Item>
      <Form.Item label={t('phone.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('phone.codeRequired') }]}>
            <Input prefix={<SafetyOutlined />} autoComplete="one-time-code" inputMode="numeric" maxLength={6} aria-label={t('phone.code')} />
          </Form.Item>
          <SmsCodeButton getPhone={getPhone} />
        </Space.Compact>
      </Form.Item>
      {extra}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
