import type { ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, type RegisterBody } from '@gw/contracts';
import { EmailCodeButton } from './email-code-button';
import type { Turnstile } from '../hooks/use-turnstile';

type RegisterValues = Required<Pick<RegisterBody, 'username' | 'password'>> & Partial<RegisterBody>;

interface RegisterFormProps {
  emailVerification: boolean;
  affCode: string;
  submitting: boolean;
  onSubmit: (body: RegisterBody) => void;
  /** Guards both the code e-mail and the registration itself. */
  turnstile: Turnstile;
  /** Extra fields shown above the submit button (the legal consent checkbox). */
  extra?: ReactNode;
}

/** Password registration with the messages of spec 1 §5. */
export function RegisterForm({ emailVerification, affCode, submitting, onSubmit, turnstile, extra }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterValues>();
  const finish = (v: RegisterValues) =>
    onSubmit({
      username: v.username.trim(),
      password: v.password,
      password2: v.password2 ?? '',
      email: v.email?.trim() ?? '',
      verification_code: v.verification_code?.trim() ?? '',
      aff_code: v.aff_code?.trim() ?? '',
    });
  return (
    <Form form={form} layout="vertical" initialValues={{ aff_code: affCode }} onFinish={finish}>
      <Form.Item name="username" label={t('register.username')} rules={[{ required: true, whitespace: true, message: t('register.usernameRequired') }, { max: USERNAME_MAX, message: t('register.usernameTooLong', { max: USERNAME_MAX }) }]}>
        <Input autoComplete="username" placeholder={t('register.usernamePlaceholder', { max: USERNAME_MAX })} />
      </Form.Item>
      <Form.Item name="password" label={t('register.password')} rules={[{ required: true, message: t('register.passwordRequired') }, { min: PASSWORD_MIN, message: t('register.passwordTooShort', { min: PASSWORD_MIN }) }, { max: PASSWORD_MAX, message: t('register.passwordTooLong', { max: PASSWORD_MAX }) }]}>
        <Input.Password autoComplete="new-password" placeholder={t('register.passwordPlaceholder', { min: PASSWORD_MIN, max: PASSWORD_MAX })} />
      </Form.Item>
      <Form.Item
        name="password2"
        label={t('register.password2')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('register.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('register.passwordsDiffer')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {emailVerification && (
        <>
          <Form.Item name="email" label={t('register.email')} rules={[{ required: true, type: 'email', message: t('register.emailRequired') }]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label={t('register.verificationCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="verification_code" noStyle rules={[{ required: true, message: t('register.codeRequired') }]}>
                <Input aria-label={t('register.verificationCode')} autoComplete="one-time-code" />
              </Form.Item>
              <EmailCodeButton getEmail={() => form.getFieldValue('email') ?? ''} turnstile={turnstile} />
            </Space.Compact>
          </Form.Item>
        </>
      )}
      <Form.Item name="aff_code" label={t('register.affCode')}>
        <Input placeholder={t('register.affCodePlaceholder')} />
      </Form.Item>
      {extra}
      {turnstile.widget}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
