import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Switch, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ChannelType, type ChannelKeysSummary } from '@gw/contracts';
import { notifyError } from '../../../../lib/notify';
import { revealChannelKey } from '../../api/channels.api';
import { splitKeyLines, type ChannelFormValues } from '../../channel-form';
import { countChannelKeys } from '../../channel-keys-text';
import { useSecureVerification } from '../../../two-factor/components/use-secure-verification';
import { CodexAuthorize } from './codex-authorize';

interface ChannelKeyFieldProps {
  channelId: number | null;
  /** The edited channel's keys (null on create). */
  stored: ChannelKeysSummary | null;
}

/**
 * The write-only key: required on create, blank on edit keeps the stored key ("show key" asks the
 * server for it). Batch create takes one key per line, each making a channel; a multi-key channel keeps
 * several keys (one per line or a JSON array). AWS wants "AK|SK", Vertex a service-account JSON, Codex a
 * JSON of ChatGPT tokens (made by "Authorize with ChatGPT").
 */
export function ChannelKeyField({ channelId, stored }: ChannelKeyFieldProps) {
  const { t } = useTranslation('channels');
  const form = Form.useFormInstance<ChannelFormValues>();
  const type = Form.useWatch('type', form);
  const batch = Form.useWatch('batch', form) ?? false;
  const multiKey = Form.useWatch('multi_key', form) ?? false;
  const key = Form.useWatch('key', form) ?? '';
  const [revealed, setRevealed] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  // Revealing needs a fresh 2FA/passkey check of the session: the prompt asks for it, then retries.
  const { withVerification, modal: verificationPrompt } = useSecureVerification();
  const isEdit = channelId !== null;
  const isVertex = type === ChannelType.VertexAi;
  const isCodex = type === ChannelType.Codex;
  // JSON keys span lines: no batch of one channel per line.
  const jsonKey = isVertex || isCodex;
  const storedMultiKey = isEdit && Boolean(stored?.is_multi_key);
  const severalKeys = !batch && (multiKey || storedMultiKey);
  const multiline = batch || jsonKey || severalKeys;
  const help = (() => {
    if (batch) return t('key.batchHelp', { count: splitKeyLines(key).length });
    if (multiKey) return t('key.multiHelp', { count: countChannelKeys(key) });
    if (storedMultiKey) return t('key.multiEditHelp', { count: stored?.multi_key_size ?? 0 });
    if (type === ChannelType.AwsClaude) return t('key.awsHelp');
    if (type === ChannelType.Kling) return t('key.klingHelp');
    if (isVertex) return t('key.vertexHelp');
    if (isCodex) return t('key.codexHelp');
    return isEdit ? t('key.editHelp') : t('key.help');
  })();

  const reveal = async () => {
    if (channelId === null) return;
    setRevealing(true);
    try {
      const key = await withVerification(() => revealChannelKey(channelId));
      if (key !== null) setRevealed(key);
    } catch (err) {
      notifyError(err instanceof Error ? err.message : String(err));
    } finally {
      setRevealing(false);
    }
  };

  return (
    <>
      {!isEdit && !jsonKey && (
        <Form.Item name="batch" label={t('key.batch')} valuePropName="checked" extra={t('key.batchSwitchHelp')}>
          <Switch aria-label={t('key.batch')} />
        </Form.Item>
      )}
      {!isEdit && (
        <Form.Item name="multi_key" label={t('key.multi')} valuePropName="checked" extra={t('key.multiSwitchHelp')}>
          <Switch aria-label={t('key.multi')} />
        </Form.Item>
      )}
      <Form.Item name="key" label={t('form.key')} required={!isEdit} extra={help}>
        {multiline ? (
          <Input.TextArea
            autoSize={{ minRows: 6, maxRows: 12 }}
            placeholder={batch ? t('key.batchPlaceholder') : severalKeys ? t('key.multiPlaceholder') : isCodex ? t('key.codexPlaceholder') : t('key.vertexPlaceholder')}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
          />
        ) : (
          <Input.Password
            autoComplete="new-password"
            placeholder={isEdit ? t('key.editPlaceholder') : type === ChannelType.AwsClaude ? t('key.awsPlaceholder') : t('key.placeholder')}
          />
        )}
      </Form.Item>
      {isCodex && <CodexAuthorize channelId={channelId} several={severalKeys} />}
      {verificationPrompt}
      {isEdit && (
        <Flex vertical gap={8} style={{ marginTop: -8, marginBottom: 24 }}>
          <div>
            <Button size="small" icon={<EyeOutlined />} loading={revealing} onClick={() => void reveal()}>
              {t('key.show')}
            </Button>
          </div>
          {revealed !== null && (
            <Alert
              type="warning"
              showIcon
              title={t('key.shown')}
              description={
                <Typography.Text code copyable={{ text: revealed }} style={{ wordBreak: 'break-all' }} data-testid="channel-revealed-key">
                  {revealed || t('key.empty')}
                </Typography.Text>
              }
            />
          )}
        </Flex>
      )}
    </>
  );
}
