import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '@gw/contracts';
import { chatCompletion, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply } from '../../test/fake-upstream/index.js';
import { json, member, type Member } from '../../test/test-app.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import { callJson } from '../users/users.test-helpers.js';
import { fillPlaceholders } from './quota-notice.js';

const badKey = errorReply(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });

describe('channel status notices to root', () => {
  let r: RelayContext;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let mailRoot: Member;
  let admin: Member;
  let ask: (model: string) => Promise<Response>;

  beforeAll(async () => {
    r = await createRelayContext('sqlite', {}, { config: { allowPrivateWebhooks: true } });
    inbox = await startSmtpInbox({ tls: 'plain' });
    receiver = await startWebhookReceiver();
    await r.setOptions({ SMTPServer: '127.0.0.1', SMTPPort: inbox.port, SMTPSSLEnabled: false, SMTPFrom: 'gateway@example.com', SystemName: 'Gateway', RetryTimes: 0 });
    mailRoot = await member(r.ctx, { role: Role.Root, email: 'root-mail@example.com' });
    const hookRoot = await member(r.ctx, { role: Role.Root, email: 'root-hook@example.com' });
    const saved = await callJson(r.ctx, 'PUT', '/api/user/setting', hookRoot, { notify_type: 'webhook', webhook_url: `${receiver.url}/root` });
    expect(saved.success, saved.message).toBe(true);
    admin = await member(r.ctx, { role: Role.Admin, email: 'admin@example.com' });
    const user = await r.createUser();
    const { key } = await r.createApiKey(user.id);
    ask = (model) => r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }] });
  });
  afterAll(async () => {
    await r?.close();
    await inbox?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.deliveries.length = 0;
    inbox.messages.length = 0;
  });
  afterEach(() => r.setOptions({ AutomaticDisableChannelEnabled: false, AutomaticEnableChannelEnabled: false, ChannelStatusNotifyEnabled: true }));

  /** A channel answering 401 (a bad key), disabled by its first request. */
  async function disabledChannel() {
    await r.setOptions({ AutomaticDisableChannelEnabled: true, AutomaticEnableChannelEnabled: true });
    const model = await r.uniqueModel();
    const name = `notify-${randomAlphanumeric(6)}`;
    const channel = await r.channelOnOwnUpstream(badKey, { models: model, name });
    expect((await ask(model)).status).toBe(401);
    await expect.poll(async () => (await r.ctx.db.selectFrom('channels').select('status').where('id', '=', channel.id).executeTakeFirstOrThrow()).status).toBe(3);
    await r.ctx.services.channelStatusAlerts.settled();
    return { ...channel, name, model };
  }

  const testChannel = async (id: number) =>
    json(await r.ctx.app.inject({ method: 'GET', url: `/api/channel/test/${id}`, headers: mailRoot.session.headers }));

  it('tells every root, by e-mail or webhook, when a channel is disabled automatically and when a test brings it back', async () => {
    const channel = await disabledChannel();
    const mail = await inbox.waitFor((m) => m.to.includes('root-mail@example.com'));
    expect(mail.text).toContain('Gateway: channel disabled');
    expect(mail.text).toContain(`Channel ${channel.name} (#${channel.id}) was disabled automatically`);
    expect(mail.text).toContain('Incorrect API key provided');
    const hooks = receiver.deliveries.filter((d) => d.path === '/root');
    expect(hooks).toHaveLength(1);
    expect(hooks[0].body).toMatchObject({ type: 'channel_status', title: 'Channel disabled' });
    expect(fillPlaceholders(hooks[0].body.content, hooks[0].body.values)).toContain(`Channel ${channel.name} (#${channel.id}) was disabled automatically`);
    // Administrators below root, and the webhook root by e-mail, hear nothing.
    expect(inbox.messages.filter((m) => m.to.includes('admin@example.com') || m.to.includes('root-hook@example.com'))).toEqual([]);
    expect(admin.id).toBeGreaterThan(0);

    channel.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('back')));
    expect(await testChannel(channel.id)).toMatchObject({ success: true });
    await r.ctx.services.channelStatusAlerts.settled();
    const back = await inbox.waitFor((m) => m.to.includes('root-mail@example.com') && m.text.includes('enabled again'));
    expect(back.text).toContain(`Channel ${channel.name} (#${channel.id}) passed a test and was enabled again.`);
    expect(receiver.deliveries.filter((d) => d.body.title === 'Channel enabled')).toHaveLength(1);
  });

  it('sends one notice per channel and change in ten minutes, so a flapping channel does not flood root', async () => {
    const channel = await disabledChannel();
    channel.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('back')));
    expect(await testChannel(channel.id)).toMatchObject({ success: true });
    channel.upstream.setRoute('POST /v1/chat/completions', badKey);
    expect((await ask(channel.model)).status).toBe(401);
    await expect.poll(async () => (await r.ctx.db.selectFrom('channels').select('status').where('id', '=', channel.id).executeTakeFirstOrThrow()).status).toBe(3);
    await r.ctx.services.channelStatusAlerts.settled();
    const disabledHooks = receiver.deliveries.filter((d) => d.body.title === 'Channel disabled' && d.body.values.includes(channel.id));
    expect(disabledHooks).toHaveLength(1);
  });

  it('sends nothing with ChannelStatusNotifyEnabled off', async () => {
    await r.setOptions({ ChannelStatusNotifyEnabled: false });
    const model = await r.uniqueModel();
    await r.setOptions({ AutomaticDisableChannelEnabled: true });
    const channel = await r.channelOnOwnUpstream(badKey, { models: model });
    expect((await ask(model)).status).toBe(401);
    await expect.poll(async () => (await r.ctx.db.selectFrom('channels').select('status').where('id', '=', channel.id).executeTakeFirstOrThrow()).status).toBe(3);
    await r.ctx.services.channelStatusAlerts.settled();
    expect(receiver.deliveries).toEqual([]);
    expect(inbox.messages).toEqual([]);
  });
});
