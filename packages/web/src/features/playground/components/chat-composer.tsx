import { useState } from 'react';
import { Button, Flex, Input } from 'antd';
import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  busy: boolean;
  /** Why sending is not possible yet ('' when it is): no model chosen. */
  blockedReason: string;
  onSend: (text: string) => void;
  onStop: () => void;
}

/** The question box: Enter sends, Shift+Enter starts a new line; while an answer streams, Stop. */
export function ChatComposer({ busy, blockedReason, onSend, onStop }: Props) {
  const { t } = useTranslation('playground');
  const [text, setText] = useState('');
  const canSend = !busy && !blockedReason && text.trim() !== '';
  const send = () => {
    if (!canSend) return;
    onSend(text);
    setText('');
  };
  return (
    <Flex gap={8} align="flex-end">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          if (e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          send();
        }}
        placeholder={blockedReason || t('composer.placeholder')}
        autoSize={{ minRows: 2, maxRows: 8 }}
        aria-label={t('composer.label')}
        data-testid="playground-input"
      />
      {busy ? (
        <Button danger icon={<StopOutlined />} onClick={onStop} data-testid="playground-stop">
          {t('actions.stop')}
        </Button>
      ) : (
        <Button type="primary" icon={<SendOutlined />} disabled={!canSend} onClick={send} data-testid="playground-send">
          {t('actions.send')}
        </Button>
      )}
    </Flex>
  );
}
