import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFILL_GROUP_ITEMS_MAX, PREFILL_GROUP_NOT_FOUND, prefillGroupNameTaken, type PrefillGroupView } from '@gw/contracts';
import { countRows, useSiteWithMembers } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { prefillGroupsRepository } from './prefill-groups.repository.js';

describe.each(testDialects())('prefill groups (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect);
  afterEach(() => vi.restoreAllMocks());

  const create = (body: Record<string, unknown>) => callJson(site.ctx, 'POST', '/api/prefill_group/', site.admin, body);
  const update = (body: Record<string, unknown>) => callJson(site.ctx, 'PUT', '/api/prefill_group/', site.admin, body);
  const remove = (id: number | string) => callJson(site.ctx, 'DELETE', `/api/prefill_group/${id}`, site.admin);
  const list = async (query = ''): Promise<PrefillGroupView[]> => {
    const body = await callJson(site.ctx, 'GET', `/api/prefill_group/${query}`, site.admin);
    expect(body.success).toBe(true);
    return body.data;
  };
  const liveRows = async () =>
    Number((await site.ctx.db.selectFrom('prefill_groups').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);
  /** A little ahead of the real clock (sessions stay valid); tests set the clock to T + n seconds. */
  const T = Math.floor(Date.now() / 1000) + 600;
  /** Runs `fn` with the clock at `seconds`, so the order by change time does not depend on timing. */
  const at = async <T>(seconds: number, fn: () => Promise<T>): Promise<T> => {
    const spy = vi.spyOn(Date, 'now').mockReturnValue(seconds * 1000);
    try {
      return await fn();
    } finally {
      spy.mockRestore();
    }
  };

  it('creates a group with new-api’s fields, trimming the name and items', async () => {
    const created = await create({ name: '  GPT family ', type: 'model', items: [' gpt-4o ', 'gpt-4o-mini'], description: ' chat models ' });
    expect(created.success).toBe(true);
    expect(Object.keys(created.data).sort()).toEqual(['created_time', 'description', 'id', 'items', 'name', 'type', 'updated_time']);
    expect(created.data).toMatchObject({ name: 'GPT family', type: 'model', items: ['gpt-4o', 'gpt-4o-mini'], description: 'chat models' });
    expect(created.data.created_time).toBeGreaterThan(0);
    expect(created.data.updated_time).toBe(created.data.created_time);
    expect((await list()).find((g) => g.id === created.data.id)).toEqual(created.data);
  });

  it('lists every group or one type’s, the most recently changed first', async () => {
    const model = await at(T + 0, () => create({ name: 'list-models', type: 'model', items: ['a'] }));
    const tag = await at(T + 100, () => create({ name: 'list-tags', type: 'tag', items: ['vip', 'cheap'] }));
    const endpoint = await at(T + 200, () =>
      create({ name: 'list-endpoints', type: 'endpoint', items: '{"openai": {"path": "/v1/chat/completions", "method": "POST"}}' }),
    );
    expect(endpoint.data.items).toEqual({ openai: { path: '/v1/chat/completions', method: 'POST' } });
    const mine = (groups: PrefillGroupView[]) => groups.filter((g) => g.name.startsWith('list-')).map((g) => g.name);

    expect(mine(await list())).toEqual(['list-endpoints', 'list-tags', 'list-models']);
    expect((await list('?type=tag')).every((g) => g.type === 'tag')).toBe(true);
    expect(mine(await list('?type=tag'))).toEqual(['list-tags']);
    expect(mine(await list('?type=model'))).toEqual(['list-models']);
    expect(mine(await list('?type='))).toHaveLength(3);

    // Editing the oldest makes it the newest.
    await at(T + 300, () => update({ id: model.data.id, items: ['a', 'b'] }));
    expect(mine(await list())).toEqual(['list-models', 'list-endpoints', 'list-tags']);
    expect(tag.data.items).toEqual(['vip', 'cheap']);
  });

  it('edits a group by the id in the body: given fields replace the saved ones', async () => {
    const created = await at(T + 1000, () => create({ name: 'edit-me', type: 'model', items: ['x'], description: 'old' }));
    const edited = await at(T + 1050, () => update({ id: created.data.id, items: ['y', ' z '] }));
    expect(edited).toMatchObject({ success: true, data: { id: created.data.id, name: 'edit-me', type: 'model', items: ['y', 'z'], description: 'old' } });
    expect(edited.data.created_time).toBe(T + 1000);
    expect(edited.data.updated_time).toBe(T + 1050);

    // new-api's console sends the whole group, id as text included.
    const whole = await update({ id: String(created.data.id), name: 'edited', type: 'tag', items: ['t1'], description: '', created_time: 1 });
    expect(whole.data).toMatchObject({ name: 'edited', type: 'tag', items: ['t1'], description: '', created_time: T + 1000 });
    // A new case of its own name is no clash.
    expect((await update({ id: created.data.id, name: 'EDITED' })).data.name).toBe('EDITED');
  });

  it('refuses a second group of the same name, ignoring case, and a rename onto a taken name', async () => {
    const first = await create({ name: 'Unique One', type: 'model', items: [] });
    expect(first.success).toBe(true);
    const before = await countRows(site.ctx.db, 'prefill_groups');
    for (const name of ['Unique One', 'unique one', ' UNIQUE ONE ']) {
      expect(await create({ name, type: 'tag', items: [] })).toMatchObject({ success: false, message: prefillGroupNameTaken(name.trim()) });
    }
    expect(await countRows(site.ctx.db, 'prefill_groups')).toBe(before);

    const second = await create({ name: 'Unique Two', type: 'model', items: [] });
    expect(await update({ id: second.data.id, name: 'unique one' })).toMatchObject({ success: false, message: prefillGroupNameTaken('unique one') });
    expect((await list()).find((g) => g.id === second.data.id)?.name).toBe('Unique Two');
  });

  it('tells apart names that differ in more than case (accents are not folded on any dialect)', async () => {
    expect((await create({ name: 'Café', type: 'model', items: [] })).success).toBe(true);
    expect((await create({ name: 'Cafe', type: 'model', items: [] })).success).toBe(true);
  });

  it('lets exactly one of several concurrent creates of a name win, the others getting the clear message', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(site.ctx, 'POST', '/api/prefill_group/', site.admin, { name: 'Racy', type: 'model', items: ['m'] })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((b) => b.success)).toHaveLength(1);
    for (const b of bodies.filter((b) => !b.success)) expect(b.message).toBe(prefillGroupNameTaken('Racy'));
    expect((await list()).filter((g) => g.name === 'Racy')).toHaveLength(1);
  });

  it('turns the unique index’s refusal into the clear message when a racing save slipped past the check', async () => {
    const existing = await create({ name: 'Raced', type: 'model', items: [] });
    const other = await create({ name: 'Raced other', type: 'model', items: [] });
    // The name check saw no clash (the other save had not committed yet); the index still refuses.
    vi.spyOn(prefillGroupsRepository, 'findByLiveName').mockResolvedValue(undefined);
    expect(await create({ name: 'raced', type: 'tag', items: [] })).toMatchObject({ success: false, message: prefillGroupNameTaken('raced') });
    expect(await update({ id: other.data.id, name: 'RACED' })).toMatchObject({ success: false, message: prefillGroupNameTaken('RACED') });
    vi.restoreAllMocks();
    expect((await list()).filter((g) => g.name.toLowerCase() === 'raced').map((g) => g.id)).toEqual([existing.data.id]);
    // The index itself: a second live row of a name cannot be written.
    const row = { name: 'x', live_name: 'raced', type: 'model', items: '[]', description: '', created_time: 1, updated_time: 1 };
    const error = await prefillGroupsRepository.insert(site.ctx.db, row).catch((err: unknown) => err);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('deletes softly: the group is gone from the API, its row kept, and its name free again', async () => {
    const created = await create({ name: 'Reusable', type: 'model', items: ['a'] });
    const live = await liveRows();
    expect(await remove(created.data.id)).toMatchObject({ success: true });
    expect((await list()).some((g) => g.id === created.data.id)).toBe(false);
    expect(await liveRows()).toBe(live - 1);
    const row = await site.ctx.db.selectFrom('prefill_groups').selectAll().where('id', '=', created.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Reusable', live_name: null });
    expect(Number(row.deleted_at)).toBeGreaterThan(0);

    const again = await create({ name: 'reusable', type: 'tag', items: ['b'] });
    expect(again.success).toBe(true);
    expect(await remove(again.data.id)).toMatchObject({ success: true });
    expect((await create({ name: 'Reusable', type: 'model', items: [] })).success).toBe(true);

    // A deleted group can be neither edited nor deleted again.
    expect(await update({ id: created.data.id, name: 'back' })).toMatchObject({ success: false, message: PREFILL_GROUP_NOT_FOUND });
    expect(await remove(created.data.id)).toMatchObject({ success: false, message: PREFILL_GROUP_NOT_FOUND });
  });

  const invalid: [what: string, body: Record<string, unknown>, message: RegExp][] = [
    ['no name', { type: 'model' }, /name is required/],
    ['a blank name', { name: '   ', type: 'model' }, /name is required/],
    ['a name over 64 characters', { name: 'n'.repeat(65), type: 'model' }, /name must be at most 64 characters/],
    ['no type', { name: 'bad-type' }, /type must be model, tag or endpoint/],
    ['an unknown type', { name: 'bad-type', type: 'channel' }, /type must be model, tag or endpoint/],
    ['items that are not a list', { name: 'bad-items', type: 'model', items: 'gpt-4o' }, /items must be a list of names/],
    ['a map of items for a model group', { name: 'bad-items', type: 'model', items: { openai: {} } }, /items must be a list of names/],
    ['an item that is not text', { name: 'bad-items', type: 'tag', items: ['a', 3] }, /items\.1: each item must be text/],
    ['a blank item', { name: 'bad-items', type: 'model', items: ['a', '  '] }, /items\.1: an item must not be blank/],
    ['an item listed twice', { name: 'bad-items', type: 'model', items: ['a', 'b', ' a'] }, /items lists "a" twice/],
    ['too many items', { name: 'bad-items', type: 'model', items: Array.from({ length: PREFILL_GROUP_ITEMS_MAX + 1 }, (_, i) => `m${i}`) }, /at most 1000 items/],
    ['an item over 255 characters', { name: 'bad-items', type: 'model', items: ['m'.repeat(256)] }, /at most 255 characters/],
    ['a description over 255 characters', { name: 'bad-desc', type: 'model', description: 'd'.repeat(256) }, /description must be at most 255 characters/],
    ['an endpoint that is not an object', { name: 'bad-ep', type: 'endpoint', items: { openai: '/v1/chat' } }, /each endpoint must be an object/],
    ['an endpoint map with a blank type', { name: 'bad-ep', type: 'endpoint', items: { ' ': { path: '/v1' } } }, /endpoint type must not be blank/],
    ['endpoint items that are neither', { name: 'bad-ep', type: 'endpoint', items: 42 }, /items must be a list of names or a map of endpoints/],
  ];
  it.each(invalid)('refuses to create a group with %s, saving nothing', async (_what, body, message) => {
    const before = await countRows(site.ctx.db, 'prefill_groups');
    const res = await call(site.ctx, 'POST', '/api/prefill_group/', site.admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
    expect(await countRows(site.ctx.db, 'prefill_groups')).toBe(before);
  });

  it('refuses edits without a known id or that break the group, changing nothing', async () => {
    const created = await create({ name: 'guarded', type: 'endpoint', items: { openai: { path: '/v1/chat/completions', method: 'POST' } } });
    expect(await update({ name: 'no id' })).toMatchObject({ success: false, message: 'id is required' });
    expect(await update({ id: 'abc', name: 'x' })).toMatchObject({ success: false, message: 'id is required' });
    expect(await update({ id: 99_999_999, name: 'x' })).toMatchObject({ success: false, message: PREFILL_GROUP_NOT_FOUND });
    // A model group cannot keep an endpoint map.
    expect(await update({ id: created.data.id, type: 'model' })).toMatchObject({ success: false, message: expect.stringMatching(/items must be a list of names/) });
    expect(await update({ id: created.data.id, name: '' })).toMatchObject({ success: false, message: expect.stringMatching(/name is required/) });
    expect((await callJson(site.ctx, 'PUT', '/api/prefill_group/', site.admin, ['not', 'an', 'object'])).success).toBe(false);
    expect((await list()).find((g) => g.id === created.data.id)).toEqual(created.data);
  });

  it('refuses to delete an unknown or malformed id, and to list an unknown type', async () => {
    expect(await remove(99_999_999)).toMatchObject({ success: false, message: PREFILL_GROUP_NOT_FOUND });
    expect(await remove('abc')).toMatchObject({ success: false, message: 'id must be a positive integer' });
    expect(await callJson(site.ctx, 'GET', '/api/prefill_group/?type=channel', site.admin)).toMatchObject({ success: false, message: 'type must be model, tag or endpoint' });
  });

  it('keeps prefill groups to administrators', async () => {
    expect((await call(site.ctx, 'GET', '/api/prefill_group/', site.normal)).statusCode).toBe(403);
    expect((await call(site.ctx, 'POST', '/api/prefill_group/', site.normal, { name: 'nope', type: 'model' })).statusCode).toBe(403);
    expect((await call(site.ctx, 'GET', '/api/prefill_group/')).statusCode).toBe(401);
  });
});
