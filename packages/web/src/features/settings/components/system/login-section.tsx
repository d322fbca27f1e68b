import type { ReactNode } from 'react';
import { App, Checkbox, Form, type CheckboxChangeEvent } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, SwitchRow, TextOption } from '../option-inputs';

const FIELDS = {
  PasswordLoginEnabled: 'bool',
  PasswordRegisterEnabled: 'bool',
  EmailVerificationEnabled: 'bool',
  RegisterEnabled: 'bool',
  WebRegisterEnabled: 'bool',
  PhoneLoginEnabled: 'bool',
  PhoneRegisterEnabled: 'bool',
  AdminTwoFactorRequired: 'bool',
  WebRegisterHtml: 'text',
} as const;

interface ConfirmOffCheckboxProps {
  checked?: boolean;
  onChange?: (e: CheckboxChangeEvent) => void;
  children: ReactNode;
}

/** A checkbox that asks before being turned off; cancelling leaves it checked. */
function ConfirmOffCheckbox({ checked, onChange, children }: ConfirmOffCheckboxProps) {
  const { t } = useTranslation('settings');
  const { modal } = App.useApp();
  const change = (e: CheckboxChangeEvent) => {
    if (e.target.checked) return onChange?.(e);
    modal.confirm({ title: t('login.disablePasswordTitle'), content: t('login.disablePasswordContent'), okButtonProps: { danger: true }, onOk: () => onChange?.(e) });
  };
  return (
    <Checkbox checked={checked} onChange={change}>
      {children}
    </Checkbox>
  );
}

/** Login and registration switches, and the page shown when web registration is closed. */
export function LoginSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('login.title')} fields={FIELDS} options={options} testId="settings-login">
      <SwitchRow>
        <Form.Item name="PasswordLoginEnabled" valuePropName="checked" style={{ marginBottom: 12 }}>
          <ConfirmOffCheckbox>{t('login.passwordLogin')}</ConfirmOffCheckbox>
        </Form.Item>
        <BoolOption name="PasswordRegisterEnabled" label={t('login.passwordRegister')} />
        <BoolOption name="EmailVerificationEnabled" label={t('login.emailVerification')} />
        <BoolOption name="RegisterEnabled" label={t('login.register')} />
        <BoolOption name="WebRegisterEnabled" label={t('login.webRegister')} />
        <BoolOption name="PhoneLoginEnabled" label={t('login.phoneLogin')} />
        <BoolOption name="PhoneRegisterEnabled" label={t('login.phoneRegister')} />
        <BoolOption name="AdminTwoFactorRequired" label={t('login.adminTwoFactor')} help={t('login.adminTwoFactorHelp')} />
      </SwitchRow>
      <TextOption name="WebRegisterHtml" label={t('login.webRegisterHtml')} help={t('login.webRegisterHtmlHelp')} rows={4} />
    </OptionsSection>
  );
}
