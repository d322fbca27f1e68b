import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_MODEL_MAPPING_INVALID, CHANNEL_PRIORITY_INVALID, CHANNEL_SELECTION_REQUIRED, CHANNEL_TAG_REQUIRED, TAG_NO_CHANGES } from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { callJson } from '../../users/users.test-helpers.js';
import { abilitiesOf, channelRow, channelSuite, createChannel, routedIds, uniq, type ChannelSuite } from './channel-admin.test-helpers.js';

describe.each(testDialects())('channel tags (%s)', (dialect) => {
  let s: ChannelSuite;

  beforeAll(async () => {
    s = await channelSuite(dialect);
  });
  afterAll(() => s?.ctx.close());

  const api = (method: 'POST' | 'PUT', url: string, payload: unknown) => callJson(s.ctx, method, url, s.root, payload);

  /** Two channels carrying a fresh tag (and one outside it), with a fresh model each. */
  async function taggedPair() {
    const tag = uniq('tag-');
    const model = uniq('m-tag-');
    const a = await createChannel(s, { tag, models: model, priority: 1, weight: 1 });
    const b = await createChannel(s, { tag, models: model, priority: 2, weight: 2, group: 'default,vip' });
    const other = await createChannel(s, { models: model, priority: 3 });
    return { tag, model, a, b, other };
  }

  const snapshot = async (ids: number[]) => Promise.all(ids.map((id) => channelRow(s, id)));

  describe('POST /api/channel/batch/tag', () => {
    it('sets the tag on the selected channels and on their abilities', async () => {
      const model = uniq('m-bt-');
      const a = await createChannel(s, { models: model });
      const b = await createChannel(s, { models: model, tag: 'old' });
      const body = await api('POST', '/api/channel/batch/tag', { ids: [a, b], tag: ' new-tag ' });
      expect(body).toMatchObject({ success: true, data: 2 });
      expect((await snapshot([a, b])).map((r) => r?.tag)).toEqual(['new-tag', 'new-tag']);
      expect(await abilitiesOf(s, b)).toEqual([`default/${model}/1/0/0/new-tag`]);
    });

    it('needs a selection and a non-empty tag', async () => {
      const id = await createChannel(s);
      const noTag = await api('POST', '/api/channel/batch/tag', { ids: [id], tag: '  ' });
      expect(noTag.message).toContain(CHANNEL_TAG_REQUIRED);
      const noIds = await api('POST', '/api/channel/batch/tag', { ids: [], tag: 'x' });
      expect(noIds.message).toContain(CHANNEL_SELECTION_REQUIRED);
      expect((await channelRow(s, id))?.tag).toBeNull();
    });
  });

  describe('POST /api/channel/tag/disabled and /tag/enabled', () => {
    it('disables and re-enables every channel of the tag, abilities and routing included', async () => {
      const { tag, model, a, b, other } = await taggedPair();
      expect(routedIds(s, 'default', model).sort()).toEqual([a, b, other].sort());

      expect(await api('POST', '/api/channel/tag/disabled', { tag })).toMatchObject({ success: true, data: 2 });
      expect((await snapshot([a, b, other])).map((r) => r?.status)).toEqual([2, 2, 1]);
      expect(await abilitiesOf(s, a)).toEqual([`default/${model}/0/1/1/${tag}`]);
      expect(routedIds(s, 'default', model)).toEqual([other]);

      await s.ctx.db.updateTable('channels').set({ status: 3, other_info: '{"status_reason":"x","status_time":1}' }).where('id', '=', a).execute();
      expect(await api('POST', '/api/channel/tag/enabled', { tag })).toMatchObject({ success: true, data: 2 });
      expect((await snapshot([a, b])).map((r) => [r?.status, r?.other_info])).toEqual([[1, null], [1, null]]);
      expect(routedIds(s, 'default', model).sort()).toEqual([a, b, other].sort());
    });

    it('answers the longest model list of the tag for GET /api/channel/tag/models', async () => {
      const tag = uniq('tag-');
      await createChannel(s, { tag, models: 'a,b' });
      await createChannel(s, { tag, models: 'a,b,c' });
      await createChannel(s, { models: 'a,b,c,d,e' });
      expect(await callJson(s.ctx, 'GET', `/api/channel/tag/models?tag=${tag}`, s.root)).toMatchObject({ success: true, data: 'a,b,c' });
      expect(await callJson(s.ctx, 'GET', `/api/channel/tag/models?tag=${uniq('nobody-')}`, s.root)).toMatchObject({ success: false, message: expect.stringMatching(/no channel has the tag/) });
      expect(await callJson(s.ctx, 'GET', '/api/channel/tag/models', s.root)).toMatchObject({ success: false, message: CHANNEL_TAG_REQUIRED });
    });

    it('answers an error for a tag no channel carries', async () => {
      const body = await api('POST', '/api/channel/tag/disabled', { tag: uniq('nobody-') });
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/no channel has the tag/);
    });
  });

  describe('PUT /api/channel/tag', () => {
    it('overwrites priority, weight, models and groups on every channel of the tag and rebuilds their abilities', async () => {
      const { tag, model, a, b, other } = await taggedPair();
      const fresh = uniq('m-new-');
      const body = await api('PUT', '/api/channel/tag', { tag, priority: 10, weight: 4, models: `${fresh}, ${fresh}`, groups: 'vip,svip' });
      expect(body).toMatchObject({ success: true, data: 2 });
      for (const id of [a, b]) {
        expect(await channelRow(s, id)).toMatchObject({ priority: 10, weight: 4, models: fresh, group: 'vip,svip', tag });
        expect(await abilitiesOf(s, id)).toEqual([`svip/${fresh}/1/10/4/${tag}`, `vip/${fresh}/1/10/4/${tag}`]);
      }
      expect(await channelRow(s, other)).toMatchObject({ priority: 3, models: model });
      expect(routedIds(s, 'default', model)).toEqual([other]);
      expect(routedIds(s, 'svip', fresh).sort()).toEqual([a, b].sort());
    });

    it('leaves blank and missing fields as they are', async () => {
      const { tag, model, a, b } = await taggedPair();
      const body = await api('PUT', '/api/channel/tag', { tag, new_tag: null, priority: '', weight: null, models: '', groups: ' ', model_mapping: '{"m":"n"}' });
      expect(body.success, body.message).toBe(true);
      expect(await channelRow(s, a)).toMatchObject({ priority: 1, weight: 1, models: model, group: 'default', tag, model_mapping: '{"m":"n"}' });
      expect(await channelRow(s, b)).toMatchObject({ priority: 2, weight: 2, group: 'default,vip', model_mapping: '{"m":"n"}' });
    });

    it('renames the tag, and dissolves it with an empty new tag', async () => {
      const { tag, model, a, b } = await taggedPair();
      const renamed = uniq('renamed-');
      expect((await api('PUT', '/api/channel/tag', { tag, new_tag: renamed })).data).toBe(2);
      expect((await snapshot([a, b])).map((r) => r?.tag)).toEqual([renamed, renamed]);
      expect(await abilitiesOf(s, a)).toEqual([`default/${model}/1/1/1/${renamed}`]);

      expect((await api('PUT', '/api/channel/tag', { tag: renamed, new_tag: '' })).success).toBe(true);
      expect((await snapshot([a, b])).map((r) => r?.tag)).toEqual([null, null]);
      expect(await abilitiesOf(s, a)).toEqual([`default/${model}/1/1/1/`]);
      expect((await callJson(s.ctx, 'GET', `/api/channel/search?keyword=${renamed}`, s.root)).data.total).toBe(0);
    });

    it('answers "no changes" when nothing would change', async () => {
      const { tag, a } = await taggedPair();
      const before = await channelRow(s, a);
      for (const payload of [{ tag }, { tag, new_tag: tag, models: ' , ', priority: '' }]) {
        expect(await api('PUT', '/api/channel/tag', payload)).toMatchObject({ success: false, message: TAG_NO_CHANGES });
      }
      expect(await channelRow(s, a)).toEqual(before);
    });

    it('rejects an invalid model mapping or priority and changes nothing', async () => {
      const { tag, a, b } = await taggedPair();
      const before = await snapshot([a, b]);
      const mapping = await api('PUT', '/api/channel/tag', { tag, priority: 5, model_mapping: '{oops' });
      expect(mapping.message).toContain(CHANNEL_MODEL_MAPPING_INVALID);
      const priority = await api('PUT', '/api/channel/tag', { tag, weight: 5, priority: '1.5' });
      expect(priority.message).toContain(CHANNEL_PRIORITY_INVALID);
      const groups = await api('PUT', '/api/channel/tag', { tag, groups: Array.from({ length: 40 }, (_, i) => `group-${i}`).join(',') });
      expect(groups.message).toContain('group list is longer');
      expect(await snapshot([a, b])).toEqual(before);
    });

    it('changes nothing when one channel of the tag cannot take the change', async () => {
      const { tag, a, b } = await taggedPair();
      const before = await snapshot([a, b]);
      const body = await api('PUT', '/api/channel/tag', { tag, priority: 50, models: `fine,${'m'.repeat(200)}` });
      expect(body.success).toBe(false);
      expect(await snapshot([a, b])).toEqual(before);
    });

    it('answers an error for an unknown tag', async () => {
      expect((await api('PUT', '/api/channel/tag', { tag: uniq('ghost-'), priority: 1 })).message).toMatch(/no channel has the tag/);
    });
  });
});
