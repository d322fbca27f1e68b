import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ChannelView } from '@gw/contracts';

/** The side panels and dialogs of the channel screen other than the editor (which follows the URL). */
type ChannelsDialog =
  | { kind: 'tag-editor'; tag: string }
  | { kind: 'batch-tag'; ids: number[] }
  | { kind: 'test-models'; channel: ChannelView }
  | { kind: 'manage-keys'; channel: ChannelView }
  | { kind: 'upstream-updates'; channel: ChannelView }
  | { kind: 'upstream-check-all' }
  | { kind: 'ollama-models'; channel: ChannelView }
  | null;

interface ChannelsDialogState {
  dialog: ChannelsDialog;
  /** /channel/add */
  openCreate: () => void;
  /** /channel/edit/:id */
  openEdit: (id: number) => void;
  closeEditor: () => void;
  openTagEditor: (tag: string) => void;
  openBatchTag: (ids: number[]) => void;
  openTestModels: (channel: ChannelView) => void;
  /** The Manage keys dialog of a multi-key channel. */
  openManageKeys: (channel: ChannelView) => void;
  /** Check one channel's upstream for new and gone models. */
  openUpstreamUpdates: (channel: ChannelView) => void;
  /** Check every enabled channel's upstream. */
  openUpstreamCheckAll: () => void;
  /** Version, pull and delete of an Ollama channel's models. */
  openOllamaModels: (channel: ChannelView) => void;
  close: () => void;
}

const ChannelsDialogContext = createContext<ChannelsDialogState | null>(null);

/**
 * The editor drawer is opened by the routes /channel/add and /channel/edit/:id (so both can be linked
 * to); the list's search stays in the query string across them. Other dialogs are plain state.
 */
export function ChannelsDialogProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [dialog, setDialog] = useState<ChannelsDialog>(null);
  const value = useMemo<ChannelsDialogState>(
    () => ({
      dialog,
      openCreate: () => void navigate({ pathname: '/channel/add', search }),
      openEdit: (id) => void navigate({ pathname: `/channel/edit/${id}`, search }),
      closeEditor: () => void navigate({ pathname: '/channel', search }),
      openTagEditor: (tag) => setDialog({ kind: 'tag-editor', tag }),
      openBatchTag: (ids) => setDialog({ kind: 'batch-tag', ids }),
      openTestModels: (channel) => setDialog({ kind: 'test-models', channel }),
      openManageKeys: (channel) => setDialog({ kind: 'manage-keys', channel }),
      openUpstreamUpdates: (channel) => setDialog({ kind: 'upstream-updates', channel }),
      openUpstreamCheckAll: () => setDialog({ kind: 'upstream-check-all' }),
      openOllamaModels: (channel) => setDialog({ kind: 'ollama-models', channel }),
      close: () => setDialog(null),
    }),
    [dialog, navigate, search],
  );
  return <ChannelsDialogContext.Provider value={value}>{children}</ChannelsDialogContext.Provider>;
}

export function useChannelsDialog(): ChannelsDialogState {
  const value = useContext(ChannelsDialogContext);
  if (!value) throw new Error('useChannelsDialog must be used inside ChannelsDialogProvider');
  return value;
}
