import { Card, Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { homeQueries } from '../api/home.queries';
import { HomeContent } from '../components/home-content';

/** /about: the About text (HTML, or a link shown embedded), offered in the top bar (HeaderNavModules.about). */
export function AboutPage() {
  const { t } = useTranslation('home');
  const about = useQuery(homeQueries.about());
  if (about.isPending) return <PageSpinner />;
  if (about.data?.trim()) return <HomeContent content={about.data} />;
  return (
    <Card>
      <Empty description={t('about.notSet')} data-testid="about-empty" />
    </Card>
  );
}
