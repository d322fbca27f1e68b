import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { clearStoredUser, expireStoredUser } from '../../lib/session';

/** HTTP 401 anywhere: forget the user and go to /login?expired=true&next=<current path> (spec 1 §4). */
export function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const { pathname, search } = window.location;
      if (pathname === '/login') {
        clearStoredUser();
        return;
      }
      // The sign-in guard reacts to the forgotten user too; it is told where to go so expired=true is not lost.
      const loginUrl = `/login?expired=true&next=${encodeURIComponent(`${pathname}${search}`)}`;
      expireStoredUser(loginUrl);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'status' });
      void navigate(loginUrl, { replace: true });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [navigate, queryClient]);
}
