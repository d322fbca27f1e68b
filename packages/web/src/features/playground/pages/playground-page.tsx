import { useState } from 'react';
import { Button, Card, Col, Flex, Popconfirm, Row, Typography } from 'antd';
import { ClearOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tokenQueries } from '../../tokens/api/tokens.queries';
import { canRegenerate, type ChatSettings } from '../lib/chat-session';
import { useChatSession } from '../hooks/use-chat-session';
import { PlaygroundSettings } from '../components/playground-settings';
import { ChatMessages } from '../components/chat-messages';
import { ChatComposer } from '../components/chat-composer';

const INITIAL_SETTINGS: ChatSettings = { model: '', group: '', systemPrompt: '', params: {} };

/** /playground: try the models the user may call, billed to the account, without creating an API key (new-api's Playground). */
export function PlaygroundPage() {
  const { t } = useTranslation('playground');
  const models = useQuery(tokenQueries.userModels());
  const groups = useQuery(tokenQueries.selfGroups());
  const { session, state } = useChatSession();
  const [chosen, setChosen] = useState<ChatSettings>(INITIAL_SETTINGS);
  const modelList = models.data ?? [];
  // Until the user picks one, the first model offered.
  const settings: ChatSettings = { ...chosen, model: chosen.model || modelList[0] || '' };
  const blockedReason = models.isPending ? t('composer.loadingModels') : settings.model ? '' : t('composer.noModel');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8} xl={7}>
        <Card title={t('settings.title')}>
          <PlaygroundSettings
            settings={settings}
            onChange={setChosen}
            models={modelList}
            modelsLoading={models.isPending}
            groups={groups.data ?? {}}
            disabled={state.busy}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card
          title={
            <Flex vertical>
              <Typography.Text strong>{t('title')}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
                {t('subtitle')}
              </Typography.Text>
            </Flex>
          }
          extra={
            <Flex gap={8}>
              <Button icon={<ReloadOutlined />} disabled={!canRegenerate(state)} onClick={() => void session.regenerate(settings)} data-testid="playground-regenerate">
                {t('actions.regenerate')}
              </Button>
              <Popconfirm title={t('actions.clearConfirm')} okText={t('actions.clear')} onConfirm={() => session.clear()} disabled={state.messages.length === 0}>
                <Button icon={<ClearOutlined />} disabled={state.messages.length === 0} data-testid="playground-clear">
                  {t('actions.clear')}
                </Button>
              </Popconfirm>
            </Flex>
          }
        >
          <Flex vertical gap={12}>
            <ChatMessages messages={state.messages} />
            <ChatComposer busy={state.busy} blockedReason={blockedReason} onSend={(text) => void session.send(text, settings)} onStop={() => session.stop()} />
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}
