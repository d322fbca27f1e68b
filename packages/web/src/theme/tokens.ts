import { theme, type ThemeConfig } from 'antd';

export type ThemeMode = 'light' | 'dark';

export const HEADER_HEIGHT = 56;
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 60;
export const MOBILE_BREAKPOINT = 768;

const shared: ThemeConfig['token'] = { colorPrimary: '#1677ff', borderRadius: 8 };

/** AntD theme per mode; components read tokens instead of hard-coded colours. */
export function themeConfigOf(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: shared,
    components: {
      Layout: {
        headerHeight: HEADER_HEIGHT,
        headerPadding: '0 16px',
        ...(mode === 'light'
          ? { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f6f8' }
          : { headerBg: '#141414', siderBg: '#141414', bodyBg: '#0a0a0a' }),
      },
    },
  };
}
