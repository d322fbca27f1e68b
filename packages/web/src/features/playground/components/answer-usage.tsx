import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatUsage } from '../lib/chat-stream';
import { useCostFormatter } from '../hooks/use-cost-formatter';

/** Under a finished answer: its tokens in and out, and what it cost when the gateway said ("1,200 tokens in · 340 out · $0.0017"). */
export function AnswerUsage({ usage }: { usage: ChatUsage }) {
  const { t } = useTranslation('playground');
  const formatCost = useCostFormatter();
  const tokens = t('usage.tokens', { prompt: usage.promptTokens, completion: usage.completionTokens });
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: 4 }} data-testid="playground-message-usage">
      {usage.cost === undefined ? tokens : `${tokens} · ${formatCost(usage.cost)}`}
    </Typography.Text>
  );
}
