import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { setStoredUser, type StoredUser } from '../../lib/session';

/**
 * A link may carry an outside token and user id (`?oToken=…&oUser=…`, spec 1 §2.3): both are kept for
 * the browser session (the API client sends them), then the current user is fetched and stored.
 */
export function useOutsideSession() {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const token = params.get('oToken');
    const userId = params.get('oUser');
    if (!token || !userId || !/^\d+$/.test(userId)) return;
    sessionStorage.setItem('oToken', token);
    sessionStorage.setItem('oUser', userId);
    api.get<StoredUser>('/api/user/self').then(setStoredUser, () => {});
  }, []);
}
