/** The part of `oidc-provider` (a test dependency without bundled types) that the OAuth tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    token_endpoint_auth_method?: 'client_secret_post' | 'client_secret_basic' | 'none';
  }

  export interface Account {
    accountId: string;
    claims: () => Promise<{ sub: string } & Record<string, unknown>>;
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
