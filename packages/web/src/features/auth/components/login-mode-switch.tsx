import { Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

export type LoginMode = 'password' | 'phone';

interface LoginModeSwitchProps {
  mode: LoginMode;
  onChange: (mode: LoginMode) => void;
}

/** Tabs between the two sign-in modes; in Chinese the tab bar is replaced by a toggle link (spec 1 §2.6). */
export function LoginModeSwitch({ mode, onChange }: LoginModeSwitchProps) {
  const { t, i18n } = useTranslation('auth');
  if (i18n.language.startsWith('zh')) {
    const other: LoginMode = mode === 'password' ? 'phone' : 'password';
    return (
      <Button type="link" style={{ paddingInline: 0, marginBottom: 8 }} onClick={() => onChange(other)}>
        {other === 'phone' ? t('login.usePhone') : t('login.usePassword')}
      </Button>
    );
  }
  return (
    <Tabs
      activeKey={mode}
      onChange={(key) => onChange(key as LoginMode)}
      items={[
        { key: 'password', label: t('login.passwordTab') },
        { key: 'phone', label: t('login.phoneTab') },
      ]}
    />
  );
}
