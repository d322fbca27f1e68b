import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelKeysSummary } from '@gw/contracts';
import { keysTagOf } from '../../multi-key-view';

/** "3/5 keys" beside a multi-key channel's status: enabled keys over all keys; nothing for a one-key channel. */
export function KeysCountTag({ info }: { info: ChannelKeysSummary | undefined }) {
  const { t } = useTranslation('channels');
  const tag = keysTagOf(info);
  if (!tag || !info) return null;
  const hint = t('multiKey.tagHint', { enabled: tag.enabled, size: tag.size, mode: t(`keySelection.${info.multi_key_mode}`) });
  return (
    <Tooltip title={hint}>
      <Tag color={tag.color} data-testid="channel-keys-tag">
        {t('multiKey.tag', { enabled: tag.enabled, size: tag.size })}
      </Tag>
    </Tooltip>
  );
}
