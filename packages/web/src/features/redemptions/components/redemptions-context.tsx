import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { RedemptionView } from '@gw/contracts';

interface RedemptionsDialogState {
  editorOpen: boolean;
  /** null while creating. */
  currentRow: RedemptionView | null;
  /** Codes just created, shown for copying (null: dialog closed). */
  createdCodes: string[] | null;
  openCreate: () => void;
  openEdit: (row: RedemptionView) => void;
  showCreated: (codes: string[]) => void;
  closeEditor: () => void;
  closeCreated: () => void;
}

const RedemptionsDialogContext = createContext<RedemptionsDialogState | null>(null);

/** The redemption screen's editor drawer and created-codes dialog. */
export function RedemptionsDialogProvider({ children }: { children: ReactNode }) {
  const [editorOpen, setEditorOpen] = useState(false);
  const [currentRow, setCurrentRow] = useState<RedemptionView | null>(null);
  const [createdCodes, setCreatedCodes] = useState<string[] | null>(null);
  const value = useMemo<RedemptionsDialogState>(
    () => ({
      editorOpen,
      currentRow,
      createdCodes,
      openCreate: () => {
        setCurrentRow(null);
        setEditorOpen(true);
      },
      openEdit: (row) => {
        setCurrentRow(row);
        setEditorOpen(true);
      },
      showCreated: setCreatedCodes,
      closeEditor: () => setEditorOpen(false),
      closeCreated: () => setCreatedCodes(null),
    }),
    [editorOpen, currentRow, createdCodes],
  );
  return <RedemptionsDialogContext.Provider value={value}>{children}</RedemptionsDialogContext.Provider>;
}

export function useRedemptionsDialog(): RedemptionsDialogState {
  const value = useContext(RedemptionsDialogContext);
  if (!value) throw new Error('useRedemptionsDialog must be used inside RedemptionsDialogProvider');
  return value;
}
