import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { bindNotifier } from '../lib/notify';
import { ThemeModeProvider, useThemeMode } from '../theme/theme-mode';
import { themeConfigOf } from '../theme/tokens';
import { createQueryClient } from './query-client';

/** Registers AntD's context-aware message instance for code outside React. */
function NotifierBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindNotifier(message);
    return () => bindNotifier(null);
  }, [message]);
  return null;
}

/** AntD follows the theme mode and the interface language (its own texts and dates too). */
function ThemedConfig({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  const { i18n: current } = useTranslation();
  const isZh = current.language === 'zh';
  useEffect(() => {
    dayjs.locale(isZh ? 'zh-cn' : 'en');
  }, [isZh]);
  return (
    <ConfigProvider theme={themeConfigOf(mode)} locale={isZh ? zhCN : enUS}>
      <AntApp>
        <NotifierBinder />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeModeProvider>
          <ThemedConfig>{children}</ThemedConfig>
        </ThemeModeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
