import type { VendorView } from '@gw/contracts';
import { MissingModelsModal } from './missing-models-modal';
import { ModelMetaFormDrawer } from './model-meta-form-drawer';
import { useModelMetadataDialog } from './model-metadata-context';
import { SyncOfficialModal } from './sync-official-modal';
import { VendorsModal } from './vendors-modal';

/** Mounts the model management screen's drawer and dialogs. */
export function ModelMetadataDialogs({ vendors }: { vendors: VendorView[] }) {
  const { editorOpen, currentRow, presetName, closeEditor, missingOpen, setMissingOpen, vendorsOpen, setVendorsOpen, syncOpen, setSyncOpen, openCreate } =
    useModelMetadataDialog();
  return (
    <>
      <ModelMetaFormDrawer open={editorOpen} meta={currentRow} presetName={presetName} vendors={vendors} onClose={closeEditor} />
      <MissingModelsModal
        open={missingOpen}
        onClose={() => setMissingOpen(false)}
        onCreate={(name) => {
          setMissingOpen(false);
          openCreate(name);
        }}
      />
      <VendorsModal open={vendorsOpen} onClose={() => setVendorsOpen(false)} />
      <SyncOfficialModal open={syncOpen} onClose={() => setSyncOpen(false)} />
    </>
  );
}
