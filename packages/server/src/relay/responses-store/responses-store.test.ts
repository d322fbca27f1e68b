import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../test/test-database.js';
import { DbJobLock } from '../../platform/cluster/job-lock.js';
import { storedResponsesRepository as repository, type StoredResponseRow } from './stored-responses.repository.js';
import { MAX_STORED_ITEMS_BYTES, ResponsesStore, STORED_RESPONSE_TTL_SECONDS } from './responses-store.service.js';
import { ExpiredResponsesCleanup } from './expired-responses-cleanup.js';
import { carriedOutputItems, inputItemsOf } from './conversation-items.js';

describe('conversation items', () => {
  it('turns a string input into one user message and keeps item lists as they are', () => {
    expect(inputItemsOf('Hi')).toEqual([{ type: 'message', role: 'user', content: 'Hi' }]);
    expect(inputItemsOf([{ role: 'user', content: 'a' }, 'junk'])).toEqual([{ role: 'user', content: 'a' }]);
    expect(inputItemsOf(undefined)).toEqual([]);
  });

  it('carries output items without their ids and without reasoning items', () => {
    const output = [
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'thinking' }] },
      { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello' }] },
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{}', status: 'completed' },
    ];
    expect(carriedOutputItems(output)).toEqual([
      { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello' }] },
      { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}', status: 'completed' },
    ]);
  });
});

describe.each(testDialects())('stored responses in the database (%s)', (dialect) => {
  let t: TestDatabase;
  let n = 0;
  const nextId = () => `resp_${dialect}_${++n}`;
  const row = (over: Partial<StoredResponseRow> = {}): StoredResponseRow => ({
    id: nextId(), user_id: 1, model: 'm', created_at: 1_000, expires_at: 2_000, items: '[]', response: '{"object":"response"}', ...over,
  });

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t?.drop());

  it('finds a live response for its owner only, and deletes it once', async () => {
    const r = row({ items: '[{"role":"user","content":"hi"}]' });
    await repository.insert(t.db, r);
    expect(await repository.findItems(t.db, 1, r.id, 1_500)).toBe(r.items);
    expect(await repository.findResponse(t.db, 1, r.id, 1_500)).toBe(r.response);
    expect(await repository.findItems(t.db, 2, r.id, 1_500)).toBeUndefined();
    expect(await repository.delete(t.db, 2, r.id, 1_500)).toBe(false);
    expect(await repository.delete(t.db, 1, r.id, 1_500)).toBe(true);
    expect(await repository.delete(t.db, 1, r.id, 1_500)).toBe(false);
    expect(await repository.findResponse(t.db, 1, r.id, 1_500)).toBeUndefined();
  });

  it('treats an expired response as absent and deletes expired rows only', async () => {
    const expired = row({ expires_at: 1_200 });
    const live = row({ expires_at: 9_000 });
    await repository.insert(t.db, expired);
    await repository.insert(t.db, live);
    expect(await repository.findItems(t.db, 1, expired.id, 1_200)).toBeUndefined();
    expect(await repository.deleteExpired(t.db, 1_200)).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('stored_responses').select('id').where('id', 'in', [expired.id, live.id]).execute()).toEqual([{ id: live.id }]);
  });

  it('holds a conversation of several megabytes', async () => {
    const big = JSON.stringify([{ role: 'user', content: 'x'.repeat(6 * 1024 * 1024) }]);
    const r = row({ items: big, expires_at: 9_000 });
    await repository.insert(t.db, r);
    expect((await repository.findItems(t.db, 1, r.id, 1_000))?.length).toBe(big.length);
  });

  it('saves in the background, answers from memory at once, and keeps the row for 30 days', async () => {
    const warnings: string[] = [];
    const store = new ResponsesStore(t.db, { warn: (_obj, msg) => warnings.push(msg) });
    const id = nextId();
    const items = [{ type: 'message', role: 'user', content: 'Hi' }];
    expect(store.save({ id, userId: 7, model: 'm', items, response: { id, object: 'response' } })).toBe(true);
    expect(await store.findItems(7, id)).toEqual(items);
    expect(await store.findItems(8, id)).toBeUndefined();
    await store.drain();
    const saved = await t.db.selectFrom('stored_responses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ user_id: 7, model: 'm' });
    expect(saved.expires_at - saved.created_at).toBe(STORED_RESPONSE_TTL_SECONDS);
    // Another process (no memory of it) reads it from the database.
    const other = new ResponsesStore(t.db, { warn: () => {} });
    expect(await other.findResponse(7, id)).toEqual({ id, object: 'response' });
    expect(await other.findItems(8, id)).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('deletes a response that is still being written, so it does not come back', async () => {
    const store = new ResponsesStore(t.db, { warn: () => {} });
    const id = nextId();
    store.save({ id, userId: 7, model: 'm', items: [], response: { id } });
    expect(await store.delete(8, id)).toBe(false);
    expect(await store.delete(7, id)).toBe(true);
    await store.drain();
    expect(await store.findResponse(7, id)).toBeUndefined();
    expect(await new ResponsesStore(t.db, { warn: () => {} }).findResponse(7, id)).toBeUndefined();
    expect(await store.delete(7, id)).toBe(false);
  });

  it('does not store a conversation over 8 MiB, and warns without its content', async () => {
    const logged: object[] = [];
    const store = new ResponsesStore(t.db, { warn: (obj) => logged.push(obj) });
    const id = nextId();
    const secret = 'secret-'.repeat(Math.ceil(MAX_STORED_ITEMS_BYTES / 7));
    expect(store.save({ id, userId: 7, model: 'm', items: [{ role: 'user', content: secret }], response: { id } })).toBe(false);
    await store.drain();
    expect(await store.findItems(7, id)).toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('secret-');
  });

  it('forgets what it keeps in memory after a minute, then reads the database', async () => {
    let now = Date.now();
    const store = new ResponsesStore(t.db, { warn: () => {} }, () => now);
    const id = nextId();
    store.save({ id, userId: 7, model: 'm', items: [{ role: 'user', content: 'a' }], response: { id } });
    await store.drain();
    await t.db.deleteFrom('stored_responses').where('id', '=', id).execute();
    expect(await store.findItems(7, id)).toEqual([{ role: 'user', content: 'a' }]);
    now += 61_000;
    expect(await store.findItems(7, id)).toBeUndefined();
  });

  it('cleans up expired rows in one process at a time', async () => {
    const expired = row({ expires_at: 1 });
    await repository.insert(t.db, expired);
    const lock = new DbJobLock(t.db);
    const store = new ResponsesStore(t.db, { warn: () => {} });
    const first = new ExpiredResponsesCleanup(store, lock);
    expect(await first.tick()).toBeGreaterThanOrEqual(1);
    expect(await new ExpiredResponsesCleanup(store, lock).tick()).toBeNull();
    expect(await repository.findResponse(t.db, 1, expired.id, 0)).toBeUndefined();
  });
});
