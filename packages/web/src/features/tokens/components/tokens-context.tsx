import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { TokenView } from '@gw/contracts';

interface TokensDialogState {
  /** The editor drawer: open for a new token (currentRow null) or for currentRow. */
  editorOpen: boolean;
  currentRow: TokenView | null;
  openCreate: () => void;
  openEdit: (row: TokenView) => void;
  close: () => void;
}

const TokensDialogContext = createContext<TokensDialogState | null>(null);

/** Which token the editor drawer shows (one drawer serves create and edit). */
export function TokensDialogProvider({ children }: { children: ReactNode }) {
  const [editorOpen, setEditorOpen] = useState(false);
  const [currentRow, setCurrentRow] = useState<TokenView | null>(null);
  const value = useMemo<TokensDialogState>(
    () => ({
      editorOpen,
      currentRow,
      openCreate: () => {
        setCurrentRow(null);
        setEditorOpen(true);
      },
      openEdit: (row) => {
        setCurrentRow(row);
        setEditorOpen(true);
      },
      close: () => setEditorOpen(false),
    }),
    [editorOpen, currentRow],
  );
  return <TokensDialogContext.Provider value={value}>{children}</TokensDialogContext.Provider>;
}

export function useTokensDialog(): TokensDialogState {
  const value = useContext(TokensDialogContext);
  if (!value) throw new Error('useTokensDialog must be used inside TokensDialogProvider');
  return value;
}
