import { z } from 'zod';
import type { CatalogueRoute } from './route-catalogue.js';
import { routeSchemas } from './route-schemas.js';
import { relaySchemas } from './relay-schemas.js';
import { SESSION_COOKIE } from '../http/request-context.js';

const SECURITY: Record<CatalogueRoute['level'], object[] | undefined> = {
  public: [],
  user: [{ session: [] }, { accessToken: [] }],
  admin: [{ session: [] }, { accessToken: [] }],
  root: [{ session: [] }, { accessToken: [] }],
  'api-key': [{ apiKey: [] }],
  'metrics-token': [{ metricsToken: [] }],
};

const toJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

/** `/api/user/:id` → `/api/user/{id}` and its parameter list. */
function pathOf(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => (params.push(name), `{${name}}`));
  return { path, params };
}

function queryParameters(schema: z.ZodType): object[] {
  const json = toJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, object>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
}

/**
 * The OpenAPI 3 document of the management API (`/api`, the `{success, message, data}` envelope,
 * session cookie or access token with `New-Api-User`) and the relay API (`/v1`, API keys), built from
 * the app's registered routes and the contract schemas their handlers validate with.
 */
export function buildOpenApiDocument(routes: CatalogueRoute[], version: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const known = routeSchemas[key];
    const relay = relaySchemas[key];
    const { path, params } = pathOf(route.url);
    const operation: Record<string, unknown> = {
      summary: known?.summary ?? relay?.summary ?? `${route.method} ${path}`,
      tags: [route.url.startsWith('/api/') ? route.url.split('/')[2] : route.level === 'api-key' ? 'relay' : 'other'],
      security: SECURITY[route.level],
      'x-access-level': route.level,
      parameters: [
        ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...(known?.query ? queryParameters(known.query) : []),
        ...(route.level === 'user' || route.level === 'admin' || route.level === 'root' ? [{ name: 'New-Api-User', in: 'header', required: false, schema: { type: 'integer' }, description: 'The signed-in user id (new-api clients send it).' }] : []),
      ],
      responses: route.url.startsWith('/api/')
        ? { 200: { description: 'The envelope: success, message, data', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } }, 401: { description: 'Not signed in' }, 403: { description: 'Not allowed' } }
        : { 200: { description: 'The provider-format answer (JSON or text/event-stream)' }, 401: { description: 'Invalid API key (OpenAI error shape)' }, 429: { description: 'Rate limited or quota exhausted' } },
    };
    const body = known?.body ? toJsonSchema(known.body) : relay?.body;
    if (body) operation.requestBody = { required: true, content: { 'application/json': { schema: body } } };
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Model gateway API', version, description: 'Management API under /api (console calls, new-api compatible) and the OpenAI, Anthropic and Gemini compatible relay.' },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        accessToken: { type: 'http', scheme: 'bearer', description: 'A user access token (GET /api/user/token), sent with New-Api-User' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API token: sk-…' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The MetricsToken option' },
      },
      schemas: {
        Envelope: { type: 'object', required: ['success', 'message'], properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: {} } },
      },
    },
  };
}
