import {
  CUSTOM_OAUTH_DEFAULTS,
  CustomOAuthDefinition,
  CustomOAuthKind,
  type CustomOAuthBinding,
  type CustomOAuthProviderBody,
  type CustomOAuthProviderPublic,
  type CustomOAuthProviderView,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { nowSeconds } from '../platform/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { inTransaction } from '../billing/transaction.js';
import { customProvidersRepository as repo, type CustomProviderRow } from './custom-providers.repository.js';
import { KeyError, parsePemPublicKey } from './external-login/jwt-keys.js';

/** A saved provider: its definition (secret included) and id. Never answered as is. */
export type CustomProvider = CustomOAuthDefinition & { id: number };

const slugTaken = (slug: string) => `the slug ${slug} is already used by another provider`;

function definitionOf(row: CustomProviderRow): CustomProvider {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    enabled: row.enabled === 1,
    client_id: row.client_id,
    client_secret: row.client_secret,
    authorization_endpoint: row.authorization_endpoint,
    token_endpoint: row.token_endpoint,
    user_info_endpoint: row.user_info_endpoint,
    scopes: row.scopes,
    use_pkce: row.use_pkce === 1,
    auth_style: row.auth_style as CustomOAuthDefinition['auth_style'],
    user_id_field: row.user_id_field,
    username_field: row.username_field,
    display_name_field: row.display_name_field,
    email_field: row.email_field,
    kind: row.kind as CustomOAuthDefinition['kind'],
    issuer: row.issuer,
    audience: row.audience,
    jwks_url: row.jwks_url,
    public_key: row.public_key ?? '',
    auto_register: row.auto_register === 1,
    trusted_proxy_cidrs: row.trusted_proxy_cidrs ?? '',
    external_id_header: row.external_id_header,
    username_header: row.username_header,
    display_name_header: row.display_name_header,
    email_header: row.email_header,
  };
}

function viewOf(row: CustomProviderRow): CustomOAuthProviderView {
  const { client_secret, ...rest } = definitionOf(row);
  return { ...rest, client_secret_set: client_secret !== '', created_at: row.created_at, updated_at: row.updated_at };
}

const columnsOf = (d: CustomOAuthDefinition) => ({ ...d, enabled: d.enabled ? 1 : 0, use_pkce: d.use_pkce ? 1 : 0, auto_register: d.auto_register ? 1 : 0 });

/** A definition as the contract checks it, and its PEM public key readable and strong enough (what the contract cannot check). */
function checkedDefinition(input: unknown): CustomOAuthDefinition {
  const definition = parseInput(CustomOAuthDefinition, input);
  if (definition.kind === CustomOAuthKind.JwtDirect && definition.public_key) {
    try {
      parsePemPublicKey(definition.public_key);
    } catch (err) {
      const reason = err instanceof KeyError ? err.message : 'unusable key';
      throw new ValidationError(reason.startsWith('public_key') ? reason : `public_key: ${reason}`, { field: 'public_key' });
    }
  }
  return definition;
}

/**
 * Administrator-defined sign-in providers (new-api's custom_oauth_providers). Sign-in flows read the table
 * itself, so a provider disabled on one node is refused on every node at once; the public list in
 * /api/status is held in memory and reloaded on changes (here, announced to the other processes, and every
 * minute as a backstop).
 */
export class CustomOAuthProvidersService {
  private enabledList: CustomOAuthProviderPublic[] = [];
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db, private readonly events?: ChangeEvents) {
    events?.onRemote('oauth-providers', () => void this.reload());
  }

  /** Reloads the public list; a failure keeps the previous one. */
  async load(): Promise<void> {
    const rows = await repo.listAll(this.db);
    // A jwt_direct provider has no button: its tokens come from another application.
    this.enabledList = rows
      .filter((r) => r.enabled === 1 && r.kind !== CustomOAuthKind.JwtDirect)
      .map((r) => ({ name: r.name, slug: r.slug, kind: r.kind as CustomOAuthProviderPublic['kind'], client_id: r.client_id, authorization_endpoint: r.authorization_endpoint, scopes: r.scopes }));
    for (const listener of this.listeners) listener();
  }

  startPeriodicReload(intervalMs: number): void {
    this.timer = setInterval(() => void this.reload(), intervalMs);
    this.timer.unref();
  }

  stopPeriodicReload(): void {
    clearInterval(this.timer);
  }

  /** The enabled providers as GET /api/status lists them (from memory). */
  publicList(): CustomOAuthProviderPublic[] {
    return this.enabledList;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The provider of a slug, read from the table (for a sign-in flow). */
  async findBySlug(slug: string): Promise<CustomProvider | undefined> {
    const row = await repo.findBySlug(this.db, slug);
    return row && definitionOf(row);
  }

  async list(): Promise<CustomOAuthProviderView[]> {
    return (await repo.listAll(this.db)).map(viewOf);
  }

  async get(id: number): Promise<CustomOAuthProviderView> {
    return viewOf(await this.row(id));
  }

  /** POST: omitted fields take {@link CUSTOM_OAUTH_DEFAULTS}; the whole definition is then checked. */
  async create(body: CustomOAuthProviderBody): Promise<CustomOAuthProviderView> {
    const definition = checkedDefinition({ ...CUSTOM_OAUTH_DEFAULTS, ...definedFields(body) });
    if (await repo.findBySlug(this.db, definition.slug)) throw new ConflictError(slugTaken(definition.slug));
    const now = nowSeconds();
    let id: number;
    try {
      id = await repo.insert(this.db, { ...columnsOf(definition), created_at: now, updated_at: now });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(slugTaken(definition.slug));
      throw err;
    }
    await this.changed();
    return this.get(id);
  }

  /**
   * PUT: the given fields replace the saved ones (an empty client_secret keeps the saved secret). A new slug
   * carries the provider's bound accounts with it, in the same transaction.
   */
  async update(id: number, body: CustomOAuthProviderBody): Promise<CustomOAuthProviderView> {
    const saved = definitionOf(await this.row(id));
    const given = definedFields(body);
    if (!given.client_secret) delete given.client_secret;
    const { id: _id, ...current } = saved;
    const definition = checkedDefinition({ ...current, ...given });
    if (definition.slug !== saved.slug) {
      const other = await repo.findBySlug(this.db, definition.slug);
      if (other && other.id !== id) throw new ConflictError(slugTaken(definition.slug));
    }
    try {
      await inTransaction(this.db, async (trx) => {
        await repo.update(trx, id, { ...columnsOf(definition), updated_at: nowSeconds() });
        if (definition.slug !== saved.slug) await repo.renameBindings(trx, saved.slug, definition.slug);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(slugTaken(definition.slug));
      throw err;
    }
    await this.changed();
    return this.get(id);
  }

  /** Refused while users are bound to the provider: they could not sign in any more (new-api's rule). */
  async remove(id: number): Promise<void> {
    const row = await this.row(id);
    const bound = await repo.countBindings(this.db, row.slug);
    if (bound > 0) {
      throw new ConflictError(`${bound} user(s) have signed in with ${row.name}; disable the provider instead of deleting it`);
    }
    await repo.delete(this.db, id);
    await this.changed();
  }

  /** GET /api/user/oauth/bindings. */
  bindingsOf(userId: number): Promise<CustomOAuthBinding[]> {
    return repo.bindingsOf(this.db, userId);
  }

  private async row(id: number): Promise<CustomProviderRow> {
    const row = await repo.findById(this.db, id);
    if (!row) throw new NotFoundError('OAuth provider');
    return row;
  }

  private async changed(): Promise<void> {
    await this.reload();
    this.events?.changed('oauth-providers');
  }

  private async reload(): Promise<void> {
    await this.load().catch((err: unknown) => console.error('reloading the custom OAuth providers failed', err));
  }
}

/** The body's fields that were actually sent (undefined ones are "keep"). */
function definedFields(body: CustomOAuthProviderBody): Partial<CustomOAuthDefinition> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<CustomOAuthDefinition>;
}
