import { Layout, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SiteStatus } from '../../features/status/api/site-status';
import { DEFAULT_SYSTEM_NAME } from '../../features/status/api/site-status';

/** Administrator-supplied footer HTML (option Footer, trusted like new-api); a plain default otherwise. */
export function SiteFooter({ status }: { status: SiteStatus }) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const style = { textAlign: 'center' as const, padding: '16px', color: token.colorTextSecondary, background: 'transparent' };
  if (status.footer_html) {
    return (
      <Layout.Footer style={style}>
        <div data-testid="footer-html" dangerouslySetInnerHTML={{ __html: status.footer_html }} />
      </Layout.Footer>
    );
  }
  return (
    <Layout.Footer style={style}>
      <Typography.Text type="secondary">
        {t('footer.default', { name: status.system_name || DEFAULT_SYSTEM_NAME, version: status.version ? `v${status.version}` : '' })}
      </Typography.Text>
    </Layout.Footer>
  );
}
