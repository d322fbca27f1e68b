import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import * as oauthMigration from '../db/migrations/2026_11_25_0008_oauth.js';

describe.each(testDialects())('OAuth migration (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t?.drop());

  it('carries existing external ids over to oauth_identities, the oldest user winning a duplicate', async () => {
    await oauthMigration.down(t.db);
    const user = (name: string, fields: Record<string, string>) => insertReturningId(t.db, 'users', { username: name, aff_code: `aff-${name}`, ...fields });
    const first = await user('first', { github_id: '100', telegram_id: '555' });
    await user('second', { github_id: '100' });
    const third = await user('third', { linux_do_id: '7', wechat_id: 'union-x' });
    await user('plain', {});
    await oauthMigration.up(t.db);

    const rows = await t.db.selectFrom('oauth_identities').select(['provider', 'external_id', 'user_id']).orderBy('provider').orderBy('external_id').execute();
    expect(rows).toEqual([
      { provider: 'github', external_id: '100', user_id: first },
      { provider: 'linuxdo', external_id: '7', user_id: third },
      { provider: 'telegram', external_id: '555', user_id: first },
      { provider: 'wechat', external_id: 'union-x', user_id: third },
    ]);
  });
});
