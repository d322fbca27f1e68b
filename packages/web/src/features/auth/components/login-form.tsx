import type { ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@gw/contracts';

interface LoginFormProps {
  submitting: boolean;
  onSubmit: (body: LoginBody) => void;
  /** Shown above the submit button (the Turnstile widget). */
  beforeSubmit?: ReactNode;
}

/** Account-password sign-in; both fields are required (spec 1 §5). */
export function LoginForm({ submitting, onSubmit, beforeSubmit }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const required = [{ required: true, whitespace: true, message: t('login.required') }];
  return (
    <Form<LoginBody> layout="vertical" size="large" onFinish={(v) => onSubmit({ username: v.username.trim(), password: v.password })}>
      <Form.Item name="username" label={t('login.username')} rules={required}>
        <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('login.usernamePlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={required}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
      </Form.Item>
      {beforeSubmit}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
