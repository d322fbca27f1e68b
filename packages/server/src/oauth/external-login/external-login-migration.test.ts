import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../test/test-database.js';
import * as migration from '../../db/migrations/2026_12_03_0022_custom_oauth_external_login.js';

describe.each(testDialects())('custom provider kinds migration (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t?.drop());

  const base = { client_id: '', authorization_endpoint: '', token_endpoint: '', user_info_endpoint: '', user_id_field: 'sub', created_at: 0, updated_at: 0 };

  it('drops providers of the new kinds on the way down, and makes existing ones oauth_code on the way up', async () => {
    await t.db.insertInto('custom_oauth_providers').values({ ...base, name: 'Code', slug: 'code-one', client_id: 'cid' }).execute();
    await t.db.insertInto('custom_oauth_providers').values({ ...base, name: 'Proxy', slug: 'proxy-one', kind: 'trusted_header', trusted_proxy_cidrs: '["10.0.0.1"]', external_id_header: 'X-User' }).execute();

    await migration.down(t.db);
    expect((await t.db.selectFrom('custom_oauth_providers').select('slug').execute()).map((r) => r.slug)).toEqual(['code-one']);
    await expect(t.db.selectFrom('custom_oauth_providers').select('kind').execute()).rejects.toThrow();

    await migration.up(t.db);
    const row = await t.db.selectFrom('custom_oauth_providers').selectAll().where('slug', '=', 'code-one').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'oauth_code', issuer: '', audience: '', jwks_url: '', auto_register: 0, external_id_header: '' });
    expect(row.public_key ?? '').toBe('');
    expect(row.trusted_proxy_cidrs ?? '').toBe('');
  });
});
