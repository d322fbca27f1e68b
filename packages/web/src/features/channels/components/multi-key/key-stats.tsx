import { Flex, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MultiKeyMode, MultiKeyStatusPage } from '@gw/contracts';

type KeyCounts = Pick<MultiKeyStatusPage, 'enabled_count' | 'manual_disabled_count' | 'auto_disabled_count'>;

/** The channel's keys by status (over all keys, whatever the filter) and how requests pick one. */
export function KeyStats({ counts, mode }: { counts: KeyCounts | undefined; mode: MultiKeyMode }) {
  const { t } = useTranslation('channels');
  const { token } = theme.useToken();
  const enabled = counts?.enabled_count ?? 0;
  const manual = counts?.manual_disabled_count ?? 0;
  const auto = counts?.auto_disabled_count ?? 0;
  return (
    <Flex gap={32} wrap style={{ marginBottom: 16 }} data-testid="key-stats">
      <Statistic title={t('multiKey.total')} value={enabled + manual + auto} />
      <Statistic title={t('multiKey.enabled')} value={enabled} styles={{ content: { color: token.colorSuccess } }} />
      <Statistic title={t('multiKey.manualDisabled')} value={manual} styles={{ content: { color: token.colorError } }} />
      <Statistic title={t('multiKey.autoDisabled')} value={auto} styles={{ content: { color: token.colorWarning } }} />
      <Statistic title={t('multiKey.selection')} value={t(`keySelection.${mode}`)} />
    </Flex>
  );
}
