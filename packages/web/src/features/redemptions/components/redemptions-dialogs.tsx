import { CreatedCodesModal } from './created-codes-modal';
import { RedemptionFormDrawer } from './redemption-form-drawer';
import { useRedemptionsDialog } from './redemptions-context';

/** Mounts the redemption screen's drawer and the created-codes dialog. */
export function RedemptionsDialogs() {
  const { editorOpen, currentRow, createdCodes, closeEditor, closeCreated, showCreated } = useRedemptionsDialog();
  return (
    <>
      <RedemptionFormDrawer open={editorOpen} code={currentRow} onClose={closeEditor} onCreated={showCreated} />
      <CreatedCodesModal codes={createdCodes} onClose={closeCreated} />
    </>
  );
}
