import { useEffect, useRef } from 'react';
import { Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatMessage as Message } from '../lib/chat-session';
import { ChatMessage } from './chat-message';

/** The conversation, kept scrolled to its newest text while it grows. */
export function ChatMessages({ messages }: { messages: readonly Message[] }) {
  const { t } = useTranslation('playground');
  const box = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.content, last?.status]);
  return (
    <div ref={box} style={{ flex: 1, minHeight: 320, maxHeight: '60vh', overflowY: 'auto', padding: '4px 2px' }} data-testid="playground-messages" aria-live="polite">
      {messages.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} style={{ marginTop: 80 }} />
      ) : (
        <Flex vertical gap={16}>
          {messages.map((m) => (
            <ChatMessage key={m.id} message={m} />
          ))}
        </Flex>
      )}
    </div>
  );
}
