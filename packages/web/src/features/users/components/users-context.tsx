import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { UserView } from '@gw/contracts';

type UsersDialog = 'add' | 'edit' | 'subscriptions' | null;

interface UsersDialogState {
  open: UsersDialog;
  currentRow: UserView | null;
  openAdd: () => void;
  openEdit: (row: UserView) => void;
  /** The user's subscription plans (new-api's subscription management). */
  openSubscriptions: (row: UserView) => void;
  close: () => void;
}

const UsersDialogContext = createContext<UsersDialogState | null>(null);

/** Which side panel or dialog of the user screen is open, and for which row. */
export function UsersDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<UsersDialog>(null);
  const [currentRow, setCurrentRow] = useState<UserView | null>(null);
  const value = useMemo<UsersDialogState>(
    () => ({
      open,
      currentRow,
      openAdd: () => {
        setCurrentRow(null);
        setOpen('add');
      },
      openEdit: (row) => {
        setCurrentRow(row);
        setOpen('edit');
      },
      openSubscriptions: (row) => {
        setCurrentRow(row);
        setOpen('subscriptions');
      },
      close: () => setOpen(null),
    }),
    [open, currentRow],
  );
  return <UsersDialogContext.Provider value={value}>{children}</UsersDialogContext.Provider>;
}

export function useUsersDialog(): UsersDialogState {
  const value = useContext(UsersDialogContext);
  if (!value) throw new Error('useUsersDialog must be used inside UsersDialogProvider');
  return value;
}
