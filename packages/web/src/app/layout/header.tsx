import { Button, Flex, Layout, Space, theme, Typography } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SiteStatus } from '../../features/status/api/site-status';
import { DEFAULT_LOGO, DEFAULT_SYSTEM_NAME } from '../../features/status/api/site-status';
import { HEADER_HEIGHT } from '../../theme/tokens';
import { LanguageSwitch } from './language-switch';
import { SiteTags } from './site-tags';
import { ThemeSwitch } from './theme-switch';
import { UserMenu } from './user-menu';
import { useNavigationModules } from '../../features/status/use-navigation-modules';

interface HeaderProps {
  status: SiteStatus;
  isMobile: boolean;
  onOpenMenu?: () => void;
}

/** The 56 px top bar of spec 1 §2.4; its links follow HeaderNavModules (docs only when a docs link is set). */
export function Header({ status, isMobile, onOpenMenu }: HeaderProps) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const name = status.system_name || DEFAULT_SYSTEM_NAME;
  const nav = useNavigationModules().header;
  return (
    <Layout.Header
      style={{
        position: 'sticky', top: 0, zIndex: 20, height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px`,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" justify="space-between" gap={12} style={{ height: '100%' }}>
        <Flex align="center" gap={isMobile ? 8 : 24} style={{ minWidth: 0 }}>
          {onOpenMenu && (
            <Button type="text" icon={<MenuOutlined />} aria-label={t('sidebar.openMenu')} onClick={onOpenMenu} />
          )}
          <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <img src={status.logo || DEFAULT_LOGO} alt="" width={28} height={28} style={{ borderRadius: 6 }} />
            {!isMobile && <Typography.Text strong style={{ fontSize: 16 }}>{name}</Typography.Text>}
          </Link>
          <Space size={isMobile ? 8 : 16} style={{ lineHeight: 'normal', whiteSpace: 'nowrap', overflow: 'hidden', minWidth: 0, fontSize: isMobile ? 13 : undefined }}>
            {nav.home && !isMobile && <a href="/">{t('nav.home')}</a>}
            {nav.console && <Link to="/detail">{t('nav.console')}</Link>}
            {nav.pricing.enabled && <Link to="/model-hub">{t('nav.modelHub')}</Link>}
            {nav.docs && status.docs_link && !isMobile && (
              <a href={status.docs_link} target="_blank" rel="noreferrer">
                {t('nav.docs')}
              </a>
            )}
            {nav.about && !isMobile && <Link to="/about">{t('nav.about')}</Link>}
          </Space>
        </Flex>
        <Flex align="center" gap={isMobile ? 0 : 4}>
          {!isMobile && <SiteTags status={status} />}
          <ThemeSwitch />
          <LanguageSwitch compact={isMobile} />
          <UserMenu compact={isMobile} registerHidden={Boolean(status.self_use_mode_enabled)} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
