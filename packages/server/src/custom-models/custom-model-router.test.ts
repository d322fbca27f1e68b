import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { ChangeEvents } from '../platform/change-events.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import { CustomModelKeys } from './custom-model-keys.js';
import { CustomModelRouter } from './custom-model-router.js';

describe.each(testDialects())('custom-model router cache (%s)', (dialect) => {
  let ctx: TestContext;
  const keys = new CustomModelKeys('router-test-secret');

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  async function setup() {
    const user = await createUser(ctx.db);
    const supplierId = await insertReturningId(ctx.db, 'suppliers', { name: 's', type: 1, sdk: 'openai', base_url: 'http://up', disable: 0 });
    let clock = 1_000_000;
    const events = new ChangeEvents();
    const router = new CustomModelRouter(ctx.db, keys, events, 60_000, () => clock);
    let queries = 0;
    const original = router['load'].bind(router);
    router['load'] = (id: number) => {
      queries++;
      return original(id);
    };
    const addConfig = (models: string[]) =>
      ctx.db.insertInto('user_custom_models').values({ user_id: user.id, supplier_id: supplierId, key: keys.seal('sk-k'), models: JSON.stringify(models), created_at: 0, updated_at: 0 }).execute();
    return { user, router, events, addConfig, tick: (ms: number) => (clock += ms), queries: () => queries };
  }

  it('reads the database once per TTL for a user without configs', async () => {
    const t = await setup();
    for (let i = 0; i < 50; i++) expect(await t.router.channelFor(t.user.id, 'gpt-x')).toBeNull();
    expect(t.queries()).toBe(1);
    t.tick(61_000);
    await t.router.channelFor(t.user.id, 'gpt-x');
    expect(t.queries()).toBe(2);
  });

  it('sees a new config at once after a change event, and builds a keyed virtual channel', async () => {
    const t = await setup();
    expect(await t.router.channelFor(t.user.id, 'mine')).toBeNull();
    await t.addConfig(['mine']);
    expect(await t.router.channelFor(t.user.id, 'mine')).toBeNull();
    t.events.changed('custom-models', t.user.id);
    const channel = await t.router.channelFor(t.user.id, 'mine');
    expect(channel).toMatchObject({ type: 1, key: 'sk-k', base_url: 'http://up', models: 'mine', auto_ban: 0 });
    expect(channel!.id).toBeLessThan(0);
  });
});
