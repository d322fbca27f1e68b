import { useEffect } from 'react';
import { DEFAULT_SYSTEM_NAME } from '../../features/status/api/site-status';

export function useDocumentTitle(systemName: string | undefined) {
  useEffect(() => {
    document.title = systemName || DEFAULT_SYSTEM_NAME;
  }, [systemName]);
}
