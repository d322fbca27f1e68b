import { Button, Card, Flex, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

interface HomeWelcomeProps {
  systemName: string;
  signedIn: boolean;
  registerHidden: boolean;
  /** The model hub is offered (HeaderNavModules.pricing). */
  modelsShown: boolean;
}

/** The default home page when no HomePageContent is set. */
export function HomeWelcome({ systemName, signedIn, registerHidden, modelsShown }: HomeWelcomeProps) {
  const { t } = useTranslation('home');
  return (
    <Card>
      <Flex vertical align="center" gap={8} style={{ padding: '48px 16px', textAlign: 'center' }}>
        <Typography.Title level={1}>{t('welcome.title', { name: systemName })}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 640, fontSize: 16 }}>
          {t('welcome.description')}
        </Typography.Paragraph>
        <Space>
          {signedIn ? (
            <Link to="/token"><Button type="primary" size="large">{t('welcome.console')}</Button></Link>
          ) : (
            <>
              <Link to="/login"><Button type="primary" size="large">{t('welcome.login')}</Button></Link>
              {!registerHidden && <Link to="/register"><Button size="large">{t('welcome.register')}</Button></Link>}
            </>
          )}
          {modelsShown && <Link to="/model-hub"><Button size="large">{t('welcome.models')}</Button></Link>}
        </Space>
      </Flex>
    </Card>
  );
}
