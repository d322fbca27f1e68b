import { useTranslation } from 'react-i18next';
import type { TokenView } from '@gw/contracts';
import { notifyError } from '../../../lib/notify';
import { useSiteStatus } from '../../status/api/status.queries';
import { buildChatUrl, chatLinksOf, type ChatLink } from '../chat-links';
import { fullKey } from '../token-key';

/** The site's chat links and a way to open one with a token filled in (new tab). */
export function useChatLinks(): { links: ChatLink[]; open: (link: ChatLink, token: TokenView) => void } {
  const { t } = useTranslation('tokens');
  const { status } = useSiteStatus();
  const address = (status.server_address || window.location.origin).replace(/\/+$/, '');
  return {
    links: chatLinksOf(status.chats),
    open: (link, token) => {
      const url = buildChatUrl(link.template, fullKey(token), address, status.system_name ?? '');
      if (!url) return notifyError(t('chat.badLink'));
      window.open(url, '_blank', 'noopener,noreferrer');
    },
  };
}
