import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RatioDifferences, RatioSyncField } from '@gw/contracts';
import { notifyError, notifySuccess, notifyWarning } from '../../../../../lib/notify';
import { useSaveOptions } from '../../../api/options.queries';
import { saveOutcome } from '../../../option-fields';
import { billingSwitches, choiceCount, ratioMapsOf, syncOptionChanges, type SyncChoices } from '../../../pricing/ratio-sync/sync-choices';

/**
 * Asks root to confirm the picked values (listing each change and every model whose billing switches
 * between a fixed price and ratios), then saves them through PUT /api/option/, one call per changed option.
 */
export function useApplySyncChoices(options: Record<string, string>, differences: RatioDifferences, onApplied: (applied: SyncChoices) => void) {
  const { t } = useTranslation('ratioSync');
  const { modal } = App.useApp();
  const save = useSaveOptions();

  const apply = async (choices: SyncChoices) => {
    const changes = syncOptionChanges(ratioMapsOf(options), choices);
    if (changes.length === 0) {
      notifyWarning(t('apply.nothing'));
      onApplied(choices);
      return;
    }
    const result = await save.mutateAsync(changes);
    const outcome = saveOutcome(changes.length, result.failures);
    if (outcome.kind === 'success') {
      notifySuccess(t('apply.done', { count: choiceCount(choices) }));
      onApplied(choices);
    } else if (outcome.kind === 'partial') notifyError(t('apply.partial', { message: outcome.failures[0] }));
    else if (outcome.kind === 'failed') notifyError(t('apply.failed', { message: outcome.failures[0] }));
  };

  const confirm = (choices: SyncChoices) => {
    const lines = Object.entries(choices).flatMap(([model, fields]) =>
      (Object.entries(fields) as [RatioSyncField, number][]).map(([field, to]) => {
        const from = differences[model]?.[field]?.current;
        return t('apply.change', { model, field: t(`fields.${field}`), from: from ?? t('table.notSet'), to });
      }),
    );
    const switches = billingSwitches(ratioMapsOf(options), choices);
    modal.confirm({
      title: t('apply.title', { count: lines.length }),
      width: 640,
      okText: t('apply.ok'),
      content: (
        <div data-testid="ratio-sync-apply-confirm">
          <Typography.Paragraph>{t('apply.intro')}</Typography.Paragraph>
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {switches.map((s) => (
            <Typography.Paragraph key={s.model} type="warning">
              {t(s.to === 'price' ? 'apply.toPrice' : 'apply.toRatio', { model: s.model })}
            </Typography.Paragraph>
          ))}
        </div>
      ),
      onOk: () => apply(choices),
    });
  };

  return { confirm, isPending: save.isPending };
}
