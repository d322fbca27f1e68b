import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import * as migration from '../db/migrations/2026_12_01_0017_discord_and_custom_oauth.js';

describe.each(testDialects())('Discord and custom OAuth migration (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t?.drop());

  const longSlug = 'a-provider-slug-of-32-characters';

  it('makes room for a 32-character slug in states and identities, and undoes it all on the way down', async () => {
    expect(longSlug).toHaveLength(32);
    const userId = await insertReturningId(t.db, 'users', { username: 'slugger', aff_code: 'aff-slugger', discord_id: '42' });
    await t.db.insertInto('oauth_identities').values({ provider: longSlug, external_id: 'x1', user_id: userId, created_at: 0 }).execute();
    await t.db.insertInto('oauth_states').values({ state: 's1', provider: longSlug, user_id: null, created_at: 0, expires_at: 1 }).execute();
    await t.db.insertInto('oauth_identities').values({ provider: 'github', external_id: 'g1', user_id: userId, created_at: 0 }).execute();

    await migration.down(t.db);
    const kept = await t.db.selectFrom('oauth_identities').select(['provider', 'external_id']).execute();
    expect(kept).toEqual([{ provider: 'github', external_id: 'g1' }]);
    expect(await t.db.selectFrom('oauth_states').selectAll().execute()).toEqual([]);
    await expect(t.db.selectFrom('custom_oauth_providers').selectAll().execute()).rejects.toThrow();
    await expect(t.db.selectFrom('users').select('discord_id').execute()).rejects.toThrow();

    await migration.up(t.db);
    await t.db.insertInto('oauth_identities').values({ provider: longSlug, external_id: 'x2', user_id: userId, created_at: 0 }).execute();
    expect((await t.db.selectFrom('users').select('discord_id').where('id', '=', userId).executeTakeFirst())?.discord_id).toBe('');
  });
});
