import { useCallback } from 'react';
import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Writes to the clipboard; false when the browser refuses (no permission, insecure origin, no API). */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies text and says so; when the clipboard is unavailable a dialog shows the text selected, ready to
 * copy by hand (spec 3 §8 "cannot copy to clipboard, copy manually").
 */
export function useCopyText(): (text: string, successMessage?: string) => Promise<boolean> {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    async (text, successMessage) => {
      if (await writeClipboard(text)) {
        void message.success(successMessage ?? t('copy.copied'));
        return true;
      }
      modal.info({
        title: t('copy.failedTitle'),
        width: 560,
        okText: t('actions.close'),
        content: (
          <Input.TextArea
            readOnly
            value={text}
            autoSize={{ minRows: 2, maxRows: 12 }}
            data-testid="copy-fallback-text"
            onFocus={(e) => e.currentTarget.select()}
            autoFocus
          />
        ),
      });
      return false;
    },
    [message, modal, t],
  );
}
