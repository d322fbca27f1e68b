import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ModelMetaView } from '@gw/contracts';

interface ModelMetadataDialogState {
  editorOpen: boolean;
  /** null while creating. */
  currentRow: ModelMetaView | null;
  /** The model name a new entry starts with (from the missing-models list). */
  presetName: string;
  missingOpen: boolean;
  vendorsOpen: boolean;
  syncOpen: boolean;
  openCreate: (modelName?: string) => void;
  openEdit: (row: ModelMetaView) => void;
  closeEditor: () => void;
  setMissingOpen: (open: boolean) => void;
  setVendorsOpen: (open: boolean) => void;
  setSyncOpen: (open: boolean) => void;
}

const ModelMetadataDialogContext = createContext<ModelMetadataDialogState | null>(null);

/** The model management screen's editor drawer, missing-models dialog, vendor manager and official sync dialog. */
export function ModelMetadataDialogProvider({ children }: { children: ReactNode }) {
  const [editorOpen, setEditorOpen] = useState(false);
  const [currentRow, setCurrentRow] = useState<ModelMetaView | null>(null);
  const [presetName, setPresetName] = useState('');
  const [missingOpen, setMissingOpen] = useState(false);
  const [vendorsOpen, setVendorsOpen] = useState(false);
  const [syncOpen, setSyncOpen] = useState(false);
  const value = useMemo<ModelMetadataDialogState>(
    () => ({
      editorOpen,
      currentRow,
      presetName,
      missingOpen,
      vendorsOpen,
      syncOpen,
      openCreate: (modelName = '') => {
        setCurrentRow(null);
        setPresetName(modelName);
        setEditorOpen(true);
      },
      openEdit: (row) => {
        setCurrentRow(row);
        setEditorOpen(true);
      },
      closeEditor: () => setEditorOpen(false),
      setMissingOpen,
      setVendorsOpen,
      setSyncOpen,
    }),
    [editorOpen, currentRow, presetName, missingOpen, vendorsOpen, syncOpen],
  );
  return <ModelMetadataDialogContext.Provider value={value}>{children}</ModelMetadataDialogContext.Provider>;
}

export function useModelMetadataDialog(): ModelMetadataDialogState {
  const value = useContext(ModelMetadataDialogContext);
  if (!value) throw new Error('useModelMetadataDialog must be used inside ModelMetadataDialogProvider');
  return value;
}
