import type { Kysely } from 'kysely';

const TEXT_COLUMNS = ['issuer', 'audience', 'jwks_url', 'external_id_header', 'username_header', 'display_name_header', 'email_header'] as const;
const WIDTHS: Record<(typeof TEXT_COLUMNS)[number], number> = {
  issuer: 512,
  audience: 256,
  jwks_url: 512,
  external_id_header: 128,
  username_header: 128,
  display_name_header: 128,
  email_header: 128,
};

/**
 * Custom providers that sign in without a redirect (oauth/external-login/): new-api's `kind`
 * (oauth_code, jwt_direct, trusted_header), the JWT checks (issuer, audience, jwks_url or a PEM public_key),
 * the trusted reverse proxies and the headers they set, and whether a first sign-in registers (auto_register).
 * Existing rows become oauth_code providers, as they were.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('custom_oauth_providers').addColumn('kind', 'varchar(32)', (c) => c.notNull().defaultTo('oauth_code')).execute();
  for (const column of TEXT_COLUMNS) {
    await db.schema.alterTable('custom_oauth_providers').addColumn(column, `varchar(${WIDTHS[column]})`, (c) => c.notNull().defaultTo('')).execute();
  }
  // Long values without a default (MySQL TEXT takes none): null reads as ''.
  await db.schema.alterTable('custom_oauth_providers').addColumn('public_key', 'text').execute();
  await db.schema.alterTable('custom_oauth_providers').addColumn('trusted_proxy_cidrs', 'text').execute();
  await db.schema.alterTable('custom_oauth_providers').addColumn('auto_register', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Providers of the new kinds cannot work without their columns.
  await db.deleteFrom('custom_oauth_providers').where('kind', '!=', 'oauth_code').execute();
  for (const column of ['kind', ...TEXT_COLUMNS, 'public_key', 'trusted_proxy_cidrs', 'auto_register']) {
    await db.schema.alterTable('custom_oauth_providers').dropColumn(column).execute();
  }
}
