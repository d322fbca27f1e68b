import { Alert, Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../../lib/session';
import { DEFAULT_SYSTEM_NAME } from '../../status/api/site-status';
import { useSiteStatus } from '../../status/api/status.queries';
import { useNavigationModules } from '../../status/use-navigation-modules';
import { homeQueries } from '../api/home.queries';
import { HomeContent } from '../components/home-content';
import { HomeWelcome } from '../components/home-welcome';

/** The home page: the notice, then HomePageContent or a welcome. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { status } = useSiteStatus();
  const user = useStoredUser();
  const { header } = useNavigationModules();
  const content = useQuery(homeQueries.content());
  const notice = useQuery(homeQueries.notice());
  return (
    <Flex vertical gap={16}>
      {notice.data && (
        <Alert
          type="info"
          showIcon
          closable
          title={t('notice')}
          description={<div className="rich-content" data-testid="home-notice" dangerouslySetInnerHTML={{ __html: notice.data }} />}
        />
      )}
      {content.isPending ? null : content.data ? (
        <HomeContent content={content.data} />
      ) : (
        <HomeWelcome
          systemName={status.system_name || DEFAULT_SYSTEM_NAME}
          signedIn={Boolean(user)}
          registerHidden={Boolean(status.self_use_mode_enabled)}
          modelsShown={header.pricing.enabled}
        />
      )}
    </Flex>
  );
}
