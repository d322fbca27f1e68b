import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applyModelChanges,
  CHANNEL_NOT_FOUND,
  isIgnoredModel,
  pendingUpstreamChanges,
  ChannelType,
  FETCH_MODELS_FAILED,
  UPSTREAM_DETECT_ALL_RUNNING,
  readUpstreamUpdateSettings,
  readUpstreamUpdateState,
  type UpstreamApplyAllResult,
  type UpstreamDetectAllResult,
} from '@gw/contracts';
import { errorReply, jsonReply, startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../../../test/fake-upstream/index.js';
import { testDialects } from '../../../test/test-database.js';
import { DbJobLock } from '../../platform/cluster/job-lock.js';
import { getAdapter } from '../../relay/providers/registry.js';
import { callJson } from '../../users/users.test-helpers.js';
import { abilitiesOf, channelRow, channelSuite, createChannel, routedIds, uniq, type ChannelSuite } from '../admin/channel-admin.test-helpers.js';
import { UpstreamModelsService } from '../admin/upstream-models.service.js';
import { startFakeOllama } from '../ollama/fake-ollama.test-helpers.js';
import { UpstreamUpdatesJob } from './upstream-updates.job.js';
import { MIN_PERIODIC_RECHECK_SECONDS, UpstreamUpdatesService, type PeriodicCheckSummary } from './upstream-updates.service.js';

/** Model lists the fake upstream serves, by the bearer key a channel sends. */
const served = new Map<string, string[] | 'refuse'>();

function modelsRoute(req: RecordedRequest) {
  const key = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  const models = served.get(key);
  if (!models) return errorReply(404, { error: { message: 'no such key here' } });
  if (models === 'refuse') return errorReply(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
  return jsonReply({ object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'fake' })) });
}

describe.each(testDialects())('upstream model updates (%s)', (dialect) => {
  let s: ChannelSuite;
  let upstream: FakeUpstream;

  /** A channel whose key makes the fake upstream serve `upstreamModels`. */
  async function channelServing(models: string, upstreamModels: string[] | 'refuse', fields: Record<string, unknown> = {}): Promise<number> {
    const key = uniq('sk-up-');
    served.set(key, upstreamModels);
    return createChannel(s, { base_url: upstream.url, key, models, group: 'default', ...fields });
  }
  const stored = async (id: number) => (await channelRow(s, id))!;
  const detect = (id: unknown) => callJson(s.ctx, 'POST', '/api/channel/upstream_updates/detect', s.root, { id });
  const apply = (body: unknown) => callJson(s.ctx, 'POST', '/api/channel/upstream_updates/apply', s.root, body);
  const disableAll = async () => {
    await s.ctx.db.updateTable('channels').set({ status: 2 }).execute();
  };

  beforeAll(async () => {
    s = await channelSuite(dialect);
    upstream = await startFakeUpstream({ routes: { 'GET /v1/models': modelsRoute } });
  });
  afterAll(async () => {
    await upstream?.close();
    await s?.ctx.close();
  });

  describe('one channel', () => {
    it('records the models the upstream added and dropped, and answers them', async () => {
      const id = await channelServing('gpt-4o,old-model', ['gpt-4o', 'gpt-4.1', 'o3']);
      const body = await detect(id);
      expect(body).toMatchObject({ success: true, data: { channel_id: id, add_models: ['gpt-4.1', 'o3'], remove_models: ['old-model'], auto_added_models: 0 } });
      expect(body.data.last_check_time).toBeGreaterThan(0);
      // Kept in other_info, so the console can show it later; the channel's models are unchanged.
      const row = await stored(id);
      expect(readUpstreamUpdateState(row.other_info)).toEqual({ last_check_time: body.data.last_check_time, add_models: ['gpt-4.1', 'o3'], remove_models: ['old-model'], last_error: '' });
      expect(row.models).toBe('gpt-4o,old-model');
      const view = await callJson(s.ctx, 'GET', `/api/channel/${id}`, s.root);
      expect(readUpstreamUpdateState(view.data.other_info).add_models).toEqual(['gpt-4.1', 'o3']);
    });

    it('keeps the status reason already in other_info', async () => {
      const id = await channelServing('a', ['a', 'b']);
      await s.ctx.db.updateTable('channels').set({ other_info: JSON.stringify({ status_reason: 'kept', status_time: 7 }) }).where('id', '=', id).execute();
      await detect(id);
      expect(JSON.parse((await stored(id)).other_info!)).toMatchObject({ status_reason: 'kept', status_time: 7 });
    });

    it('never offers mapped names for removal nor their targets for adding, nor ignored or too long names', async () => {
      const long = `m-${'x'.repeat(200)}`;
      const id = await channelServing('alias,gpt-4o', ['gpt-4o', 'real-model', 'preview-1', 'preview-2', 'skip-me', 'new-one', long], {
        model_mapping: JSON.stringify({ alias: 'real-model' }),
        setting: JSON.stringify({ upstream_model_update_ignored_models: ['skip-me', 'regex:^preview-'] }),
      });
      expect((await detect(id)).data).toMatchObject({ add_models: ['new-one'], remove_models: [] });
    });

    it('answers and records a failed check, keeping what the last check found', async () => {
      const key = uniq('sk-flaky-');
      served.set(key, ['a', 'b']);
      const id = await createChannel(s, { base_url: upstream.url, key, models: 'a' });
      await detect(id);
      served.set(key, 'refuse');
      const res = await s.ctx.app.inject({ method: 'POST', url: '/api/channel/upstream_updates/detect', headers: s.root.session.headers, payload: { id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, message: `${FETCH_MODELS_FAILED}: HTTP 401: Incorrect API key provided` });
      const state = readUpstreamUpdateState((await stored(id)).other_info);
      expect(state).toMatchObject({ add_models: ['b'], last_error: `${FETCH_MODELS_FAILED}: HTTP 401: Incorrect API key provided` });
      // A later good check clears the error.
      served.set(key, ['a', 'c']);
      await detect(id);
      expect(readUpstreamUpdateState((await stored(id)).other_info)).toMatchObject({ add_models: ['c'], last_error: '' });
    });

    it('applies the chosen additions and removals to the channel and its abilities, and ignores the rest', async () => {
      const id = await channelServing('gpt-4o,old-model,older-model', ['gpt-4o', 'gpt-4.1', 'o3', 'o4-mini']);
      await detect(id);
      const body = await apply({ id, add_models: ['gpt-4.1', 'o3', 'not-offered'], remove_models: ['old-model'], ignore_models: ['o4-mini'] });
      expect(body).toMatchObject({
        success: true,
        data: {
          id,
          added_models: ['gpt-4.1', 'o3'],
          removed_models: ['old-model'],
          ignored_models: ['o4-mini'],
          remaining_models: [],
          remaining_remove_models: ['older-model'],
          models: 'gpt-4o,older-model,gpt-4.1,o3',
        },
      });
      expect(readUpstreamUpdateSettings(body.data.settings).ignored_models).toEqual(['o4-mini']);
      const row = await stored(id);
      expect(row.models).toBe('gpt-4o,older-model,gpt-4.1,o3');
      expect(readUpstreamUpdateSettings(row.setting).ignored_models).toEqual(['o4-mini']);
      expect(readUpstreamUpdateState(row.other_info)).toMatchObject({ add_models: [], remove_models: ['older-model'] });
      expect(await abilitiesOf(s, id)).toEqual(['default/gpt-4.1/1/0/0/', 'default/gpt-4o/1/0/0/', 'default/o3/1/0/0/', 'default/older-model/1/0/0/']);
      expect(routedIds(s, 'default', 'o3')).toContain(id);
      expect(routedIds(s, 'default', 'old-model')).not.toContain(id);
      // The ignored model is not offered again.
      expect((await detect(id)).data).toMatchObject({ add_models: [], remove_models: ['older-model'] });
    });

    it('changes nothing for names the last check did not offer', async () => {
      const id = await channelServing('gpt-4o', ['gpt-4o']);
      await detect(id);
      const body = await apply({ id, add_models: ['injected'], remove_models: ['gpt-4o'] });
      expect(body.data).toMatchObject({ added_models: [], removed_models: [], models: 'gpt-4o' });
      expect((await stored(id)).models).toBe('gpt-4o');
    });

    it('refuses bad input and unknown channels with a clear message', async () => {
      expect((await detect(undefined)).message).toContain('id must be a channel id');
      expect((await detect('abc')).message).toContain('id must be a channel id');
      expect(await detect(999999)).toMatchObject({ success: false, message: CHANNEL_NOT_FOUND });
      expect((await apply({ id: 1, add_models: 'gpt-4o' })).message).toContain('add_models must be a list of model names');
      expect((await apply({ id: 1, remove_models: [1, 2] })).message).toContain('remove_models');
      expect(await apply({ id: 999999, add_models: [] })).toMatchObject({ success: false, message: CHANNEL_NOT_FOUND });
    });
  });

  describe('every channel', () => {
    beforeEach(disableAll);

    it('checks every enabled channel, records one channel\'s failure and goes on with the others', async () => {
      const a = await channelServing('m1', ['m1', 'm2']);
      const b = await channelServing('n1,n2', ['n1']);
      const broken = await channelServing('x', 'refuse');
      const disabled = await channelServing('d', ['d', 'e'], { status: 2 });
      const body = await callJson(s.ctx, 'POST', '/api/channel/upstream_updates/detect_all', s.root);
      expect(body.success).toBe(true);
      const data = body.data as UpstreamDetectAllResult;
      expect(data).toMatchObject({ processed_channels: 2, failed_channel_ids: [broken], detected_add_models: 1, detected_remove_models: 1 });
      expect(data.failed_channels).toEqual([{ channel_id: broken, channel_name: expect.any(String), message: `${FETCH_MODELS_FAILED}: HTTP 401: Incorrect API key provided` }]);
      expect(data.channel_detected_results.map((r) => [r.channel_id, r.add_models, r.remove_models]).sort()).toEqual([[a, ['m2'], []], [b, [], ['n2']]].sort());
      expect(readUpstreamUpdateState((await stored(broken)).other_info).last_error).toContain('HTTP 401');
      expect((await stored(disabled)).other_info).toBeNull();
    });

    it('runs one check of all channels at a time', async () => {
      await channelServing('m1', ['m1']);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = s.ctx.services.siteLock.tryRun('channel-upstream-detect-all', 60_000, () => held);
      try {
        expect(await callJson(s.ctx, 'POST', '/api/channel/upstream_updates/detect_all', s.root)).toMatchObject({ success: false, message: UPSTREAM_DETECT_ALL_RUNNING });
      } finally {
        release();
        await holding;
      }
      expect((await callJson(s.ctx, 'POST', '/api/channel/upstream_updates/detect_all', s.root)).success).toBe(true);
    });

    it('applies every pending detection', async () => {
      const a = await channelServing('m1', ['m1', 'm2', 'm3']);
      const b = await channelServing('n1,n2', ['n1']);
      const untouched = await channelServing('k1', ['k1']);
      await callJson(s.ctx, 'POST', '/api/channel/upstream_updates/detect_all', s.root);
      const body = await callJson(s.ctx, 'POST', '/api/channel/upstream_updates/apply_all', s.root);
      const data = body.data as UpstreamApplyAllResult;
      expect(data).toMatchObject({ processed_channels: 2, added_models: 2, removed_models: 1, failed_channel_ids: [] });
      expect(data.results.map((r) => r.channel_id).sort()).toEqual([a, b].sort());
      expect((await stored(a)).models).toBe('m1,m2,m3');
      expect((await stored(b)).models).toBe('n1');
      expect((await stored(untouched)).models).toBe('k1');
      expect(routedIds(s, 'default', 'm3')).toEqual([a]);
      expect(readUpstreamUpdateState((await stored(a)).other_info)).toMatchObject({ add_models: [], remove_models: [] });
      // Nothing left to apply.
      expect((await callJson(s.ctx, 'POST', '/api/channel/upstream_updates/apply_all', s.root)).data).toMatchObject({ processed_channels: 0 });
    });
  });

  describe('periodic check', () => {
    beforeEach(disableAll);

    const service = (now: () => number) =>
      new UpstreamUpdatesService({
        db: s.ctx.db,
        routing: s.ctx.services.routing,
        models: new UpstreamModelsService({ db: s.ctx.db, http: s.ctx.services.upstream, getAdapter }),
        siteLock: s.ctx.services.siteLock,
        now,
      });

    it('checks only channels that turned it on, adds models itself where asked, and skips channels checked just now', async () => {
      const off = await channelServing('a', ['a', 'b']);
      const on = await channelServing('a', ['a', 'b'], { setting: JSON.stringify({ upstream_model_update_check_enabled: true }) });
      const auto = await channelServing('a', ['a', 'b', 'c'], {
        setting: JSON.stringify({ upstream_model_update_check_enabled: true, upstream_model_update_auto_sync_enabled: true }),
      });
      let now = 1_000_000;
      const updates = service(() => now);
      const summary = await updates.runPeriodic();
      expect(summary).toEqual<PeriodicCheckSummary>({ checked_channels: 2, changed_channels: 2, detected_add_models: 3, detected_remove_models: 0, failed_channels: 0, auto_added_models: 2 });
      expect((await stored(off)).other_info).toBeNull();
      expect(readUpstreamUpdateState((await stored(on)).other_info).add_models).toEqual(['b']);
      expect((await stored(on)).models).toBe('a');
      expect((await stored(auto)).models).toBe('a,b,c');
      expect(readUpstreamUpdateState((await stored(auto)).other_info).add_models).toEqual([]);
      expect(routedIds(s, 'default', 'c')).toEqual([auto]);

      now += MIN_PERIODIC_RECHECK_SECONDS - 1;
      expect((await updates.runPeriodic()).checked_channels).toBe(0);
      now += 1;
      expect((await updates.runPeriodic()).checked_channels).toBe(2);
    });

    it('runs once per interval across processes sharing the job lock', async () => {
      let runs = 0;
      const fake = {
        runPeriodic: async () => {
          runs += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { checked_channels: 0, changed_channels: 0, detected_add_models: 0, detected_remove_models: 0, failed_channels: 0, auto_added_models: 0 };
        },
      };
      const name = uniq('job');
      const lockA = new DbJobLock(s.ctx.db);
      const lockB = new DbJobLock(s.ctx.db);
      // Two processes' jobs, each with its own lock object over the same table.
      const jobs = [new UpstreamUpdatesJob(fake, { tryRun: (_n, ttl, fn, o) => lockA.tryRun(name, ttl, fn, o) }), new UpstreamUpdatesJob(fake, { tryRun: (_n, ttl, fn, o) => lockB.tryRun(name, ttl, fn, o) })];
      const results = await Promise.all(jobs.map((j) => j.tick()));
      expect(runs).toBe(1);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await jobs[0].tick()).toBeNull();
      expect(runs).toBe(1);
    });
  });

  it('checks an Ollama channel against the models its server has pulled', async () => {
    const ollama = await startFakeOllama(['llama3.2:latest', 'qwen2.5:7b']);
    try {
      const id = await createChannel(s, { type: ChannelType.Ollama, base_url: ollama.url, key: 'k', models: 'llama3.2:latest,gone:latest' });
      expect((await detect(id)).data).toMatchObject({ add_models: ['qwen2.5:7b'], remove_models: ['gone:latest'] });
      expect(ollama.requests.map((r) => r.path)).toEqual(['/api/tags']);
    } finally {
      await ollama.close();
    }
  });
});

describe('pending upstream changes', () => {
  it('skips invalid ignore patterns instead of failing, and keeps the upstream\'s order', () => {
    expect(pendingUpstreamChanges({ local: [' a ', 'gone'], upstream: ['z', 'a', 'b', 'z'], ignored: ['regex:(['] })).toEqual({ add: ['z', 'b'], remove: ['gone'] });
    expect(isIgnoredModel('gpt-4o-2024', ['regex:^gpt-4o-\\d+$'])).toBe(true);
    expect(isIgnoredModel('gpt-4o', ['regex:^gpt-4o-\\d+$', 'GPT-4O'])).toBe(false);
  });

  it('lets an addition win over a removal of the same name', () => {
    expect(applyModelChanges(['a', 'b'], ['c', 'b'], ['b', 'a'])).toEqual(['b', 'c']);
  });
});
