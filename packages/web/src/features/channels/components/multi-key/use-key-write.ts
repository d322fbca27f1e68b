import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../lib/notify';
import { useManageKeys } from '../../api/channels.queries';
import { keyActionNotice, type KeyWriteAction } from '../../multi-key-view';

/**
 * The write actions of one channel's keys with their success notices. `run` never rejects: a failure is
 * already shown by the query client, and confirm popovers only need to know when it is over.
 */
export function useKeyWrite(channelId: number) {
  const { t } = useTranslation('channels');
  const manage = useManageKeys();
  const run = async (action: KeyWriteAction, keyIndex?: number): Promise<void> => {
    try {
      const data = await manage.mutateAsync({ channel_id: channelId, action, key_index: keyIndex });
      const notice = keyActionNotice(action, keyIndex, data);
      notifySuccess(t(notice.key, notice.values));
    } catch {
      // shown by the mutation cache
    }
  };
  /** The write running now, to show its button as loading. */
  const pending = manage.isPending ? manage.variables : undefined;
  return { run, pending };
}

export type KeyWriter = ReturnType<typeof useKeyWrite>;
