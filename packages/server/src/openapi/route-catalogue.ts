import type { RouteOptions } from 'fastify';
import { requireAdmin, requireRoot, requireUser } from '../http/guards.js';

export type AccessLevel = 'public' | 'user' | 'admin' | 'root' | 'api-key' | 'metrics-token';

export interface CatalogueRoute {
  method: string;
  /** Fastify path, `:param` style. */
  url: string;
  level: AccessLevel;
}

const hidden = (url: string) => url === '/*' || url.startsWith('/api/docs') || url === '/';

/** Every route the app registers, with who may call it (read off the route's guard), for the OpenAPI document. */
export class RouteCatalogue {
  private readonly routes = new Map<string, CatalogueRoute>();

  record(route: RouteOptions): void {
    const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
    if (hidden(url)) return;
    const level = levelOf(route, url);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      this.routes.set(`${method} ${url}`, { method, url, level });
    }
  }

  list(): CatalogueRoute[] {
    return [...this.routes.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  }
}

function levelOf(route: RouteOptions, url: string): AccessLevel {
  // A route outside the gateway prefixes that takes an API key says so: `config: { access: 'api-key' }`.
  if ((route.config as { access?: AccessLevel } | undefined)?.access === 'api-key') return 'api-key';
  if (url.startsWith('/v1') || url.startsWith('/mj') || url.startsWith('/suno')) return 'api-key';
  if (url === '/metrics') return 'metrics-token';
  const guards = [route.preHandler].flat().filter(Boolean);
  if (guards.includes(requireRoot)) return 'root';
  if (guards.includes(requireAdmin)) return 'admin';
  if (guards.includes(requireUser)) return 'user';
  return 'public';
}
