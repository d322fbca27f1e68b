import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { LinkOutlined, OpenAIOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CodexOAuthStart } from '@gw/contracts';
import { notifyError, notifySuccess, notifyWarning } from '../../../../lib/notify';
import { completeCodexOAuth, refreshCodexChannel, startCodexOAuth } from '../../api/codex.api';
import { codexKeySummaries, withAuthorizedKey } from '../../codex-key';
import type { ChannelFormValues } from '../../channel-form';

interface CodexAuthorizeProps {
  /** The edited channel (its proxy is used for the exchange, and its saved tokens can be refreshed); null on create. */
  channelId: number | null;
  /** The key field holds several keys: an authorized key is added to them instead of replacing them. */
  several: boolean;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * "Authorize with ChatGPT" for a Codex channel: opens the ChatGPT sign-in, takes the address the browser
 * lands on afterwards (http://localhost:1455/auth/callback?code=…, a page that does not load) and puts the
 * key the server makes of it in the key field. On edit, "Refresh tokens" renews the saved channel's tokens.
 */
export function CodexAuthorize({ channelId, several }: CodexAuthorizeProps) {
  const { t } = useTranslation('channels');
  const form = Form.useFormInstance<ChannelFormValues>();
  const keyText = Form.useWatch('key', form) ?? '';
  const [flow, setFlow] = useState<CodexOAuthStart | null>(null);
  const [callback, setCallback] = useState('');
  const [busy, setBusy] = useState<'start' | 'complete' | 'refresh' | null>(null);
  const accounts = codexKeySummaries(keyText);

  const start = async () => {
    setBusy('start');
    try {
      const started = await startCodexOAuth();
      setFlow(started);
      setCallback('');
      window.open(started.authorize_url, '_blank', 'noopener,noreferrer');
    } catch (err) {
      notifyError(message(err));
    } finally {
      setBusy(null);
    }
  };

  const complete = async () => {
    if (!flow) return;
    if (!callback.trim()) return notifyWarning(t('codex.callbackRequired'));
    setBusy('complete');
    try {
      const result = await completeCodexOAuth({ state: flow.state, callback_url: callback.trim(), ...(channelId !== null ? { channel_id: channelId } : {}) });
      const next = withAuthorizedKey(form.getFieldValue('key') as string | undefined, result.key, several);
      if (next === null) return notifyError(t('codex.notJsonKeys'));
      form.setFieldValue('key', next);
      form.setFields([{ name: 'key', errors: [] }]);
      setFlow(null);
      setCallback('');
      notifySuccess(t('codex.authorized', { account: result.email ?? result.account_id }));
    } catch (err) {
      notifyError(message(err));
    } finally {
      setBusy(null);
    }
  };

  const refresh = async () => {
    if (channelId === null) return;
    setBusy('refresh');
    try {
      const result = await refreshCodexChannel(channelId);
      notifySuccess(t('codex.refreshed', { account: result.email ?? result.account_id, expires: result.expires_at ?? '—' }));
    } catch (err) {
      notifyError(message(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginTop: -8, marginBottom: 24 }} data-testid="codex-authorize">
      <Flex gap={8} wrap>
        <Button icon={<OpenAIOutlined />} loading={busy === 'start'} onClick={() => void start()} data-testid="codex-authorize-start">
          {t('codex.authorize')}
        </Button>
        {channelId !== null && (
          <Button icon={<ReloadOutlined />} loading={busy === 'refresh'} onClick={() => void refresh()} data-testid="codex-refresh">
            {t('codex.refresh')}
          </Button>
        )}
      </Flex>
      {flow && (
        <Alert
          type="info"
          showIcon
          title={t('codex.steps')}
          description={
            <Flex vertical gap={8}>
              <Typography.Link href={flow.authorize_url} target="_blank" rel="noopener noreferrer" copyable={{ text: flow.authorize_url }}>
                <LinkOutlined /> {t('codex.openLink')}
              </Typography.Link>
              <Input
                value={callback}
                onChange={(e) => setCallback(e.target.value)}
                placeholder="http://localhost:1455/auth/callback?code=…&state=…"
                aria-label={t('codex.callbackLabel')}
                spellCheck={false}
                data-testid="codex-callback-url"
              />
              <div>
                <Button type="primary" loading={busy === 'complete'} onClick={() => void complete()} data-testid="codex-authorize-complete">
                  {t('codex.complete')}
                </Button>
              </div>
            </Flex>
          }
        />
      )}
      {accounts.length > 0 && (
        <Typography.Text type="secondary" data-testid="codex-key-accounts">
          {accounts
            .map((a) => t('codex.account', { account: a.email ? `${a.email} (${a.accountId || '?'})` : a.accountId || '?', expires: a.expiresAt ?? '—' }))
            .join('; ')}
        </Typography.Text>
      )}
    </Flex>
  );
}
