import { useTranslation } from 'react-i18next';
import type { TokenView } from '@gw/contracts';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { BatchToolbar, batchToolbarLabels } from '../../../components/table/batch-toolbar';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteTokens } from '../api/tokens.queries';
import { keysText } from '../token-key';

interface TokensToolbarProps {
  selected: TokenView[];
  onCreate: () => void;
  onCleared: () => void;
}

/** Add token, and the batch actions on the selected rows: copy their keys, delete them. */
export function TokensToolbar({ selected, onCreate, onCleared }: TokensToolbarProps) {
  const { t } = useTranslation('tokens');
  const copy = useCopyText();
  const remove = useDeleteTokens();
  const count = selected.length;
  return (
    <BatchToolbar
      selectedCount={count}
      labels={batchToolbarLabels(t, count)}
      deleting={remove.isPending}
      onAdd={onCreate}
      onCopy={() => void copy(keysText(selected), t('batch.copied', { count }))}
      onDelete={() =>
        remove.mutate(
          { ids: selected.map((r) => r.id) },
          {
            onSuccess: (deleted) => {
              notifySuccess(t('batch.deleted', { count: deleted }));
              onCleared();
            },
          },
        )
      }
      onNothingSelected={notifyError}
    />
  );
}
