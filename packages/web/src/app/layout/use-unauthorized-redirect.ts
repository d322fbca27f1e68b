import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { clearStoredUser } from '../../lib/session';

/** HTTP 401 anywhere: forget the user and go to /login?expired=true&next=<current path> (spec 1 §4). */
export function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearStoredUser();
      const { pathname, search } = window.location;
      if (pathname === '/login') return;
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'status' });
      const next = encodeURIComponent(`${pathname}${search}`);
      void navigate(`/login?expired=true&next=${next}`, { replace: true });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [navigate, queryClient]);
}
