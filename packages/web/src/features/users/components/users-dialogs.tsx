import { AddUserDrawer } from './add-user-drawer';
import { EditUserDrawer } from './edit-user-drawer';
import { UserSubscriptionsModal } from './user-subscriptions-modal';
import { useUsersDialog } from './users-context';

/** Mounts every side panel and dialog of the user screen in one place. */
export function UsersDialogs() {
  const { open, currentRow, close } = useUsersDialog();
  return (
    <>
      <AddUserDrawer open={open === 'add'} onClose={close} />
      <EditUserDrawer open={open === 'edit'} userId={currentRow?.id} onClose={close} />
      <UserSubscriptionsModal open={open === 'subscriptions'} user={currentRow} onClose={close} />
    </>
  );
}
