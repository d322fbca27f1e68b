import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type Services } from '../../app.js';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS_URL, createTestDatabase, testDialects, type TestDatabase } from '../../../test/test-database.js';
import { connectRedis } from '../redis.js';
import { RedisEventBus } from './redis-event-bus.js';
import { testConfig } from '../../../test/test-app.js';
import { ChangeEvents } from '../change-events.js';
import type { BusMessage, EventBus } from './event-bus.js';
import { IpcPrimaryHub } from './ipc-primary-hub.js';
import { IpcEventBus, IpcLeaseStore, IpcRateLimiter } from './ipc-worker.js';
import { fakeCluster } from '../../../test/fake-cluster.js';

async function until(check: () => boolean | Promise<boolean>, ms = 1000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met within ' + ms + ' ms');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('ChangeEvents over a bus', () => {
  it('tells local listeners at once and the other processes through the bus, never echoing back', async () => {
    const [a, b] = fakeCluster().map((c) => new ChangeEvents(new IpcEventBus(c)));
    const heardOnA: string[] = [];
    const heardOnB: string[] = [];
    const remoteOnA: string[] = [];
    const remoteOnB: string[] = [];
    a.on('token', (id) => heardOnA.push(`token ${id}`));
    b.on('token', (id) => heardOnB.push(`token ${id}`));
    a.onRemote('token', (id) => remoteOnA.push(`token ${id}`));
    b.onRemote('token', (id) => remoteOnB.push(`token ${id}`));
    a.changed('token', 7);
    expect(heardOnA).toEqual(['token 7']);
    await until(() => heardOnB.length === 1);
    expect(heardOnB).toEqual(['token 7']);
    expect(remoteOnB).toEqual(['token 7']);
    await new Promise((r) => setTimeout(r, 20));
    expect(remoteOnA).toEqual([]);
    expect(heardOnA).toEqual(['token 7']);
  });

  it('carries a number beside the id, and drops one that is not finite', async () => {
    const [a, b] = fakeCluster().map((c) => new ChangeEvents(new IpcEventBus(c)));
    const heard: [number, number | undefined][] = [];
    b.onRemote('channel-cooling', (id, value) => heard.push([id, value]));
    a.changed('channel-cooling', 4, 30_000);
    await until(() => heard.length === 1);
    expect(heard).toEqual([[4, 30_000]]);
    let deliver: (m: BusMessage) => void = () => {};
    const c = new ChangeEvents({ publish() {}, subscribe: (l) => ((deliver = l), () => {}) });
    const values: (number | undefined)[] = [];
    c.on('channel-cooling', (_id, value) => values.push(value));
    deliver({ kind: 'channel-cooling', id: 4, value: Number.POSITIVE_INFINITY });
    deliver({ kind: 'channel-cooling', id: 4, value: 9 });
    expect(values).toEqual([undefined, 9]);
  });

  it('ignores bus messages of unknown kinds or with bad ids', () => {
    let deliver: (m: BusMessage) => void = () => {};
    const bus: EventBus = { publish() {}, subscribe: (l) => ((deliver = l), () => {}) };
    const events = new ChangeEvents(bus);
    const heard: number[] = [];
    events.on('user', (id) => heard.push(id));
    deliver({ kind: 'nonsense', id: 1 });
    deliver({ kind: 'user', id: Number.NaN });
    deliver({ kind: 'user', id: 3 });
    expect(heard).toEqual([3]);
  });
});

describe('IpcRateLimiter', () => {
  it('counts the hits of every worker against one limit', async () => {
    const [a, b] = fakeCluster().map((c) => new IpcRateLimiter(c));
    const results = [];
    for (let i = 0; i < 3; i++) {
      results.push(await a.hit('login:1.2.3.4', 4, 60));
      results.push(await b.hit('login:1.2.3.4', 4, 60));
    }
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, false, false]);
    expect((await a.peek('login:1.2.3.4', 60)).count).toBe(6);
  });

  it("adds every worker's amounts to one counter kept by the primary", async () => {
    const [a, b] = fakeCluster().map((c) => new IpcRateLimiter(c));
    expect((await a.add('key-tpm:7', 1000, 60)).count).toBe(1000);
    const second = await b.add('key-tpm:7', 250, 60);
    expect(second.count).toBe(1250);
    expect(second.resetSeconds).toBeGreaterThan(0);
    expect(second.resetSeconds).toBeLessThanOrEqual(60);
    expect((await a.peek('key-tpm:7', 60)).count).toBe(1250);
    expect((await b.add('key-tpm:8', 1, 60)).count).toBe(1);
  });

  it('adds locally when the primary does not answer', async () => {
    const [a] = fakeCluster(1, { dropToPrimary: true }).map((c) => new IpcRateLimiter(c));
    const started = Date.now();
    expect((await a.add('k', 40, 60)).count).toBe(40);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('counts locally when the primary does not answer', async () => {
    const [a] = fakeCluster(1, { dropToPrimary: true }).map((c) => new IpcRateLimiter(c));
    const started = Date.now();
    const r = await a.hit('k', 1, 60);
    expect(r).toMatchObject({ allowed: true, count: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('IpcLeaseStore', () => {
  it('holds one key\'s slots across the workers, and frees them on release', async () => {
    const hub = new IpcPrimaryHub();
    const [a, b] = fakeCluster(2, { hub }).map((c) => new IpcLeaseStore(c));
    const first = await a.acquire('7:default', 2);
    const second = await b.acquire('7:default', 2);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await a.acquire('7:default', 2)).toBeNull();
    expect(await b.acquire('7:default', 2)).toBeNull();
    // Other keys have their own slots.
    expect(await b.acquire('8:default', 2)).not.toBeNull();
    expect(hub.slotsHeld('7:default')).toBe(2);

    first!.release();
    first!.release();
    await until(() => hub.slotsHeld('7:default') === 1);
    const third = await b.acquire('7:default', 2);
    expect(third).not.toBeNull();
    expect(await a.acquire('7:default', 2)).toBeNull();
  });

  it('frees the slots of a worker that exits', async () => {
    const hub = new IpcPrimaryHub();
    const [a, b] = fakeCluster(2, { hub }).map((c) => new IpcLeaseStore(c));
    expect(await a.acquire('k', 1)).not.toBeNull();
    expect(await b.acquire('k', 1)).toBeNull();
    hub.remove(1);
    expect(hub.slotsHeld('k')).toBe(0);
    expect(await b.acquire('k', 1)).not.toBeNull();
  });

  it('does not let a worker release another worker\'s slot', async () => {
    const hub = new IpcPrimaryHub();
    const [a] = fakeCluster(2, { hub }).map((c) => new IpcLeaseStore(c));
    expect(await a.acquire('k', 1)).not.toBeNull();
    // Lease ids name their worker; worker 2 sending worker 1's id changes nothing.
    await hub.handle({ id: 2, send: () => {} }, { t: 'gw:tc:release', lease: '1:1' });
    expect(hub.slotsHeld('k')).toBe(1);
  });

  it('takes the slot locally when the primary is slow, and gives back the slot it grants late', async () => {
    const hub = new IpcPrimaryHub();
    const [a] = fakeCluster(1, { hub, delayToWorkerMs: 1300 }).map((c) => new IpcLeaseStore(c));
    const started = Date.now();
    const local = await a.acquire('k', 1);
    expect(local).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // The primary granted a slot too, but its answer came too late: the worker gives it back.
    expect(hub.slotsHeld('k')).toBe(1);
    await until(() => hub.slotsHeld('k') === 0, 2000);
    local!.release();
  });
});

describe.each(testDialects())('two processes on one database (%s)', (dialect) => {
  let database: TestDatabase;
  let nodes: { services: Services; close: () => Promise<void> }[];
  let closed: { value: boolean };

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    closed = { value: false };
    const channels = fakeCluster(2, { closed });
    nodes = [];
    for (const channel of channels) {
      const { app, services } = await buildApp({ config: testConfig(dialect), db: database.db, bus: new IpcEventBus(channel), rateLimiter: new IpcRateLimiter(channel) });
      await app.ready();
      nodes.push({ services, close: () => app.close() });
    }
  });

  afterEach(async () => {
    closed.value = true;
    for (const n of nodes) await n.close();
    await database.drop();
  });

  it('an option saved by one is in force on the other within a second', async () => {
    const [a, b] = nodes;
    expect(b.services.options.get('SystemName')).not.toBe('Shared Name');
    await a.services.options.update([{ key: 'SystemName', value: 'Shared Name' }, { key: 'RetryTimes', value: '4' }]);
    await until(() => b.services.options.get('SystemName') === 'Shared Name');
    expect(b.services.options.get('RetryTimes')).toBe(4);
  });

  it('a channel created, disabled and deleted by one changes the routing of the other', async () => {
    const [a, b] = nodes;
    const id = await a.services.routing.createChannel({ type: 1, name: 'shared', key: 'sk-x', models: 'gpt-shared', group: 'default', status: 1 });
    await until(() => b.services.routing.table.candidates('default', 'gpt-shared') !== undefined && !!b.services.routing.table.channel(id));
    await a.services.routing.disableChannel(id);
    await until(() => !b.services.routing.table.channel(id));
    await a.services.routing.deleteChannels([id]);
    await until(async () => (await b.services.routing.reload()) && !b.services.routing.table.channel(id));
  });

  it('model metadata saved by one shows on the other’s pricing page', async () => {
    const [a, b] = nodes;
    await a.services.routing.createChannel({ type: 1, name: 'meta', key: 'sk-m', models: 'gpt-4o', group: 'default', status: 1 });
    const described = async () => (await b.services.pricing.pricing(null)).data.find((e) => e.model_name === 'gpt-4o')?.description;
    await until(async () => (await b.services.pricing.pricing(null)).data.some((e) => e.model_name === 'gpt-4o'));
    // b has read (and cached) the metadata before a writes.
    expect(await described()).toBeUndefined();
    await a.services.modelMetadata.create({ model_name: 'gpt-4o', description: 'shared description' });
    await until(async () => (await described()) === 'shared description');
  });

  it('a channel cooling down on one is skipped by the other until its cool-down ends', async () => {
    const [a, b] = nodes;
    for (let i = 0; i < 5; i++) a.services.health.recordFailure(31);
    expect(a.services.health.isCooling(31)).toBe(true);
    await until(() => b.services.health.isCooling(31));
    const left = b.services.health.coolingUntil(31)! - Date.now();
    expect(left).toBeGreaterThan(25_000);
    expect(left).toBeLessThanOrEqual(30_000);
  });

  it('a token or user change on one reaches the caches of the other', async () => {
    const [a, b] = nodes;
    const heard: string[] = [];
    b.services.events.on('token', (id) => heard.push(`token ${id}`));
    b.services.events.on('user', (id) => heard.push(`user ${id}`));
    a.services.events.changed('token', 11);
    a.services.events.changed('user', 5);
    await until(() => heard.length === 2);
    expect(heard.sort()).toEqual(['token 11', 'user 5']);
  });
});

describe('two nodes sharing Redis', () => {
  const prefix = `gwtest:${randomBytes(4).toString('hex')}:`;
  let database: TestDatabase;
  let clients: Redis[];
  let nodes: { services: Services; close: () => Promise<void> }[];

  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    clients = [await connectRedis(REDIS_URL, prefix), await connectRedis(REDIS_URL, prefix)];
    nodes = [];
    for (const redis of clients) {
      const { app, services } = await buildApp({ config: testConfig('postgres'), db: database.db, redis });
      await app.ready();
      nodes.push({ services, close: () => app.close() });
    }
    // Both subscriptions active before anything is published.
    await new Promise((r) => setTimeout(r, 200));
  });

  afterEach(async () => {
    for (const n of nodes) await n.close();
    for (const c of clients) c.disconnect();
    await database.drop();
  });

  it('an option saved on one node is in force on the other within a second', async () => {
    const [a, b] = nodes;
    await a.services.options.update([{ key: 'SystemName', value: 'Redis Shared' }]);
    await until(() => b.services.options.get('SystemName') === 'Redis Shared');
  });

  it('a channel created on one node routes on the other', async () => {
    const [a, b] = nodes;
    const id = await a.services.routing.createChannel({ type: 1, name: 'r', key: 'sk-r', models: 'gpt-redis', group: 'default', status: 1 });
    await until(() => !!b.services.routing.table.channel(id));
  });

  it('a Retry-After cool-down on one node is kept by the other', async () => {
    const [a, b] = nodes;
    a.services.health.coolFor(12, 40_000);
    await until(() => b.services.health.isCooling(12));
    expect(b.services.health.coolingUntil(12)! - Date.now()).toBeGreaterThan(35_000);
  });

  it('drops messages while Redis is unreachable instead of queueing them, and works again after', async () => {
    const own = await connectRedis(REDIS_URL, prefix);
    const bus = new RedisEventBus(own);
    await bus.ready();
    const other = new RedisEventBus(clients[1]);
    await other.ready();
    const heard: number[] = [];
    other.subscribe((m) => heard.push(m.id));
    bus.publish({ kind: 'user', id: 1 });
    await until(() => heard.length === 1);
    const ended = new Promise((r) => own.once('end', r));
    own.disconnect();
    await ended;
    bus.publish({ kind: 'user', id: 2 });
    await own.connect();
    bus.publish({ kind: 'user', id: 3 });
    await until(() => heard.includes(3));
    expect(heard).toEqual([1, 3]);
    own.disconnect();
    bus.close();
    other.close();
  });
});
