import { TokenFormDrawer } from './token-form-drawer';
import { useTokensDialog } from './tokens-context';

/** Mounts the token screen's drawer. */
export function TokensDialogs() {
  const { editorOpen, currentRow, close } = useTokensDialog();
  return <TokenFormDrawer open={editorOpen} token={currentRow} onClose={close} />;
}
