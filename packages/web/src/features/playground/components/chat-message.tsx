import { Alert, Button, Collapse, Flex, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../components/copy/use-copy-text';
import type { ChatMessage as Message } from '../lib/chat-session';
import { AnswerUsage } from './answer-usage';

/**
 * One turn. Text is shown as text (React escapes it, so an answer's HTML is never markup); line breaks
 * and spacing are kept.
 */
export function ChatMessage({ message }: { message: Message }) {
  const { t } = useTranslation('playground');
  const { token } = theme.useToken();
  const copy = useCopyText();
  const isUser = message.role === 'user';
  const errorText = message.error || (message.errorStatus ? t('errors.http', { status: message.errorStatus }) : t('errors.network'));
  return (
    <Flex vertical align={isUser ? 'flex-end' : 'flex-start'} data-testid={`playground-message-${message.role}`} data-status={message.status}>
      <Flex gap={6} align="center" style={{ marginBottom: 4 }}>
        <Typography.Text strong>{isUser ? t('roles.user') : t('roles.assistant')}</Typography.Text>
        {message.status === 'stopped' && <Tag>{t('status.stopped')}</Tag>}
        {message.content !== '' && (
          <Tooltip title={t('actions.copy')}>
            <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('actions.copy')} onClick={() => void copy(message.content, t('copied'))} />
          </Tooltip>
        )}
      </Flex>
      <div
        style={{
          maxWidth: '85%',
          padding: '8px 12px',
          borderRadius: token.borderRadiusLG,
          background: isUser ? token.colorPrimaryBg : token.colorFillQuaternary,
        }}
      >
        {message.reasoning !== '' && (
          <Collapse
            size="small"
            ghost
            items={[{ key: 'reasoning', label: t('reasoning'), children: <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{message.reasoning}</Typography.Text> }]}
          />
        )}
        {message.content !== '' && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }} data-testid="playground-message-text">
            {message.content}
          </Typography.Paragraph>
        )}
        {message.status === 'streaming' && message.content === '' && <Spin size="small" aria-label={t('status.thinking')} />}
        {message.status === 'error' && <Alert type="error" showIcon title={errorText} data-testid="playground-message-error" />}
      </div>
      {message.status === 'done' && message.usage && <AnswerUsage usage={message.usage} />}
    </Flex>
  );
}
