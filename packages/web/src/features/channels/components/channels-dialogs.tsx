import { BatchTagModal } from './batch-tag-modal';
import { ChannelTestModal } from './channel-test-modal';
import { useChannelsDialog } from './channels-context';
import { ChannelEditorDrawer } from './editor/channel-editor-drawer';
import { ManageKeysModal } from './multi-key/manage-keys-modal';
import { TagEditorDrawer } from './tag-editor-drawer';

interface ChannelsDialogsProps {
  /** From the route: 'create' at /channel/add, the id at /channel/edit/:id, null otherwise. */
  editor: 'create' | number | null;
  onBatchTagged: () => void;
}

/** Mounts every drawer and dialog of the channel screen in one place. */
export function ChannelsDialogs({ editor, onBatchTagged }: ChannelsDialogsProps) {
  const { dialog, close, closeEditor } = useChannelsDialog();
  return (
    <>
      <ChannelEditorDrawer open={editor !== null} channelId={typeof editor === 'number' ? editor : null} onClose={closeEditor} />
      <TagEditorDrawer tag={dialog?.kind === 'tag-editor' ? dialog.tag : null} onClose={close} />
      <BatchTagModal
        ids={dialog?.kind === 'batch-tag' ? dialog.ids : null}
        onClose={close}
        onDone={() => {
          close();
          onBatchTagged();
        }}
      />
      <ChannelTestModal channel={dialog?.kind === 'test-models' ? dialog.channel : null} onClose={close} />
      <ManageKeysModal channel={dialog?.kind === 'manage-keys' ? dialog.channel : null} onClose={close} />
    </>
  );
}
