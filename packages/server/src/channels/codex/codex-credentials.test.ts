import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelType } from '@gw/contracts';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { testDialects } from '../../../test/test-database.js';
import { accessToken, codexKey, startFakeTokenServer, type FakeTokenServer } from '../../../test/fake-codex.js';
import type { ChannelInfo } from '../../relay/providers/provider-adapter.js';
import { CodexCredentials } from './codex-credentials.js';
import { CodexOAuthClient } from './codex-oauth-client.js';
import { CodexRefreshJob } from './codex-refresh.job.js';
import { ChannelStatus } from '../channel-types.js';
import { fixtureReply, errorReply } from '../../../test/fake-upstream/index.js';
import { UpstreamRefusal } from '../../relay/providers/upstream-refusal.js';
import { RelayError } from '../../relay/relay-error.js';

/**
 * Two CodexCredentials over one database stand for two processes of a cluster (each has its own memory,
 * they share the database and the site lock): a rotated refresh token is spent once, site-wide.
 */
describe.each(testDialects())('Codex credentials across processes (%s)', (dialect) => {
  let ctx: TestContext;
  let tokens: FakeTokenServer;
  const processes: CodexCredentials[] = [];

  beforeAll(async () => {
    tokens = await startFakeTokenServer();
    ctx = await createTestContext(dialect);
    for (let i = 0; i < 2; i++) {
      processes.push(new CodexCredentials({ db: ctx.db, routing: ctx.services.routing, oauth: new CodexOAuthClient(ctx.services.upstream, tokens.tokenUrl), lock: ctx.services.siteLock, warn: () => {} }));
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await tokens?.close();
  });

  /** A Codex channel with an expired access token and a refresh token the endpoint accepts; the row as a request reads it. */
  async function expiredChannel(refresh: string): Promise<ChannelInfo> {
    tokens.valid.add(refresh);
    const key = codexKey({ access: accessToken({ expiresIn: -30 }), refresh });
    const id = await ctx.services.routing.createChannel({ type: ChannelType.Codex, name: `c-${refresh}`, key, models: 'gpt-5', group: 'default', status: 1 });
    return { id, type: ChannelType.Codex, name: `c-${refresh}`, key, baseUrl: '', other: '', openaiOrganization: '', setting: {} };
  }
  const refreshCount = () => tokens.calls().filter((q) => (q.body as Record<string, string>)?.grant_type === 'refresh_token').length;

  it('uses the tokens another process saved instead of spending the old refresh token again', async () => {
    const channel = await expiredChannel('rt-shared-1');
    const before = refreshCount();
    const first = await processes[0].access(channel);
    // The second process still routes with the row as it was (its table not yet reloaded).
    const second = await processes[1].access(channel);
    expect(second.accessToken).toBe(first.accessToken);
    expect(refreshCount() - before).toBe(1);
  });

  it('lets one of two processes refresh when both find the token expired at once', async () => {
    const channel = await expiredChannel('rt-shared-2');
    const before = refreshCount();
    const answers = await Promise.all([processes[0].access(channel), processes[1].access(channel), processes[0].access(channel), processes[1].access(channel)]);
    expect(new Set(answers.map((a) => a.accessToken)).size).toBe(1);
    expect(refreshCount() - before).toBe(1);
  });

  it('follows an administrator’s new key rather than the tokens it refreshed before', async () => {
    const channel = await expiredChannel('rt-replaced');
    await processes[0].access(channel);
    const replacement = accessToken({ accountId: 'acc-new' });
    const edited = { ...channel, key: codexKey({ access: replacement, refresh: 'rt-new-account', accountId: 'acc-new' }) };
    expect(await processes[0].access(edited)).toEqual({ accessToken: replacement, accountId: 'acc-new' });
  });

  it('tells a refused grant (the channel’s authentication failure) from an endpoint that failed (worth another try)', async () => {
    const refused = await expiredChannel('rt-invalid-grant');
    tokens.failWith = fixtureReply('codex', 'token-invalid-grant');
    try {
      const error = await processes[0].access(refused).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(UpstreamRefusal);
      expect(error).toMatchObject({ status: 401, info: { type: 'authentication_error', code: 'invalid_grant', message: expect.stringContaining('Invalid refresh token') } });
      tokens.failWith = errorReply(502, 'Bad Gateway');
      const outage = await expiredChannel('rt-outage');
      const failed = await processes[1].access(outage).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(RelayError);
      expect(failed).toMatchObject({ kind: 'upstream', code: 'codex_refresh_failed' });
      await ctx.services.routing.deleteChannels([refused.id, outage.id]);
    } finally {
      tokens.failWith = undefined;
    }
  });

  it('renews ahead the keys of enabled and automatically disabled channels that expire within a day, and no others', async () => {
    const make = async (refresh: string, expiresIn: number, status: number = ChannelStatus.Enabled) => {
      tokens.valid.add(refresh);
      const key = codexKey({ access: accessToken({ expiresIn }), refresh });
      return ctx.services.routing.createChannel({ type: ChannelType.Codex, name: `job-${refresh}`, key, models: 'gpt-5', group: 'default', status });
    };
    // Earlier tests' channels are refreshed already (ten days ahead).
    const soon = await make('rt-job-soon', 2 * 3600);
    const later = await make('rt-job-later', 5 * 86_400);
    const disabledAutomatically = await make('rt-job-auto', 3600, ChannelStatus.AutoDisabled);
    const disabledByHand = await make('rt-job-manual', 3600, ChannelStatus.ManuallyDisabled);
    const broken = await ctx.services.routing.createChannel({ type: ChannelType.Codex, name: 'job-broken', key: 'not json', models: 'gpt-5', group: 'default', status: 1 });
    const job = new CodexRefreshJob({ db: ctx.db, credentials: processes[0], lock: ctx.services.siteLock, warn: () => {} });
    expect(await job.runOnce()).toEqual({ refreshed: 2, failed: 0 });
    const refreshTokenOf = async (id: number) => JSON.parse((await ctx.db.selectFrom('channels').select('key').where('id', '=', id).executeTakeFirstOrThrow()).key!).refresh_token ?? null;
    expect(await refreshTokenOf(soon)).toMatch(/^rt-issued-/);
    expect(await refreshTokenOf(disabledAutomatically)).toMatch(/^rt-issued-/);
    expect(await refreshTokenOf(later)).toBe('rt-job-later');
    expect(await refreshTokenOf(disabledByHand)).toBe('rt-job-manual');
    expect(broken).toBeGreaterThan(0);
    expect(await job.runOnce()).toEqual({ refreshed: 0, failed: 0 });
  });
});
