import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, notifyWarning } from '../../../../lib/notify';
import { useSaveOptions } from '../../api/options.queries';
import { saveOutcome } from '../../option-fields';
import { priceMapChanges, type PriceMaps } from '../../pricing/price-maps';

/** Saves the price maps that differ from the loaded ones (ModelPrice, ModelRatio, CompletionRatio), reporting the outcome. */
export function useSavePriceMaps() {
  const { t } = useTranslation('settings');
  const save = useSaveOptions();
  const run = async (loaded: PriceMaps, next: PriceMaps): Promise<boolean> => {
    const changes = priceMapChanges(loaded, next);
    if (changes.length === 0) {
      notifyWarning(t('saved.nothing'));
      return false;
    }
    const result = await save.mutateAsync(changes);
    const outcome = saveOutcome(changes.length, result.failures);
    if (outcome.kind === 'success') notifySuccess(t('saved.success'));
    else if (outcome.kind === 'partial') notifyError(t('saved.partial', { message: outcome.failures[0] }));
    else if (outcome.kind === 'failed') notifyError(t('saved.failed', { message: outcome.failures[0] }));
    return outcome.kind === 'success';
  };
  return { save: run, isPending: save.isPending };
}
