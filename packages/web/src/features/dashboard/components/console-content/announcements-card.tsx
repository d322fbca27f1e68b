import { Card, Flex, Tag, Timeline, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { newestFirst, type Announcement } from '@gw/contracts';
import { RichText } from '../../../../components/rich-text';
import { announcementColorOf } from '../../console-content';

/** The site's announcements as a timeline, newest first; each is plain text or HTML. */
export function AnnouncementsCard({ items }: { items: Announcement[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card title={t('announcements.title')} data-testid="dashboard-announcements">
      <Timeline
        items={newestFirst(items).map((a, i) => ({
          key: i,
          color: announcementColorOf(a.type, token.colorWarning),
          content: (
            <Flex vertical gap={4}>
              <RichText content={a.content} />
              <Flex gap={8} wrap align="center">
                <Typography.Text type="secondary">{dateFormat.format(new Date(a.publishDate))}</Typography.Text>
                {a.type && a.type !== 'default' && <Tag>{t(`announcements.types.${a.type}`)}</Tag>}
                {a.extra && <Typography.Text type="secondary">{a.extra}</Typography.Text>}
              </Flex>
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}
