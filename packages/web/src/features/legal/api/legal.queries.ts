import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The two legal documents served as single public texts (GET /api/user-agreement, /api/privacy-policy). */
export type LegalDocumentKind = 'user-agreement' | 'privacy-policy';

export const legalKeys = {
  all: ['legal'] as const,
  document: (kind: LegalDocumentKind) => [...legalKeys.all, kind] as const,
};

export const legalQueries = {
  document: (kind: LegalDocumentKind) =>
    queryOptions({
      queryKey: legalKeys.document(kind),
      queryFn: () => api.get<string>(`/api/${kind}`),
      retry: false,
    }),
};
