import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const homeKeys = {
  all: ['home'] as const,
  content: () => [...homeKeys.all, 'content'] as const,
  notice: () => [...homeKeys.all, 'notice'] as const,
  about: () => [...homeKeys.all, 'about'] as const,
};

/** The public single-text pages; a server without them simply shows the defaults (silent failure). */
export const homeQueries = {
  content: () =>
    queryOptions({
      queryKey: homeKeys.content(),
      queryFn: () => api.get<string>('/api/home_page_content'),
      meta: { silent: true },
      retry: false,
    }),
  notice: () =>
    queryOptions({
      queryKey: homeKeys.notice(),
      queryFn: () => api.get<string>('/api/notice'),
      meta: { silent: true },
      retry: false,
    }),
  about: () =>
    queryOptions({
      queryKey: homeKeys.about(),
      queryFn: () => api.get<string>('/api/about'),
      meta: { silent: true },
      retry: false,
    }),
};
