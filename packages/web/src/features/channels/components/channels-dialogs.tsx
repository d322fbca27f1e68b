import { useMemo } from 'react';
import { BatchTagModal } from './batch-tag-modal';
import { ChannelTestModal } from './channel-test-modal';
import { useChannelsDialog } from './channels-context';
import { ChannelEditorDrawer } from './editor/channel-editor-drawer';
import { ManageKeysModal } from './multi-key/manage-keys-modal';
import { OllamaModelsModal } from './ollama-models-modal';
import { TagEditorDrawer } from './tag-editor-drawer';
import { UpstreamCheckAllModal } from './upstream-check-all-modal';
import { UpstreamUpdatesModal } from './upstream-updates-modal';

interface ChannelsDialogsProps {
  /** From the route: 'create' at /channel/add, the id at /channel/edit/:id, null otherwise. */
  editor: 'create' | number | null;
  onBatchTagged: () => void;
}

/** Mounts every drawer and dialog of the channel screen in one place. */
export function ChannelsDialogs({ editor, onBatchTagged }: ChannelsDialogsProps) {
  const { dialog, close, closeEditor } = useChannelsDialog();
  // One target object per opening: the modal checks the upstream again whenever it changes.
  const upstreamChannel = dialog?.kind === 'upstream-updates' ? dialog.channel : null;
  const upstreamTarget = useMemo(() => (upstreamChannel ? { id: upstreamChannel.id, name: upstreamChannel.name, channel: upstreamChannel } : null), [upstreamChannel]);
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
      <UpstreamUpdatesModal target={upstreamTarget} onClose={close} />
      <UpstreamCheckAllModal open={dialog?.kind === 'upstream-check-all'} onClose={close} />
      <OllamaModelsModal channel={dialog?.kind === 'ollama-models' ? dialog.channel : null} onClose={close} />
    </>
  );
}
