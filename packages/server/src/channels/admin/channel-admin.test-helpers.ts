import { expect } from 'vitest';
import { Role } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../../test/test-app.js';
import type { DatabaseType } from '../../config/config.schema.js';
import { callJson } from '../../users/users.test-helpers.js';
import { abilitiesRepository } from '../abilities.repository.js';

/** Shared set-up of the channel management suites: an app, a root, a plain administrator and a user. */
export interface ChannelSuite {
  ctx: TestContext;
  root: Member;
  admin: Member;
  user: Member;
}

export async function channelSuite(dialect: DatabaseType): Promise<ChannelSuite> {
  const ctx = await createTestContext(dialect);
  await markSetupDone(ctx.db);
  return {
    ctx,
    root: await member(ctx, { role: Role.Root }),
    admin: await member(ctx, { role: Role.Admin }),
    user: await member(ctx),
  };
}

let seq = 0;

/** A unique-enough prefix so each test's channels can be told apart in shared tables. */
export const uniq = (prefix: string) => `${prefix}${++seq}x${Math.floor(Math.random() * 1e6)}`;

/** Creates one channel through POST /api/channel/ and answers its id. */
export async function createChannel(s: ChannelSuite, fields: Record<string, unknown> = {}): Promise<number> {
  const body = await callJson(s.ctx, 'POST', '/api/channel/', s.root, { type: 1, name: uniq('ch'), key: 'sk-default-secret', models: 'gpt-4o', ...fields });
  expect(body.success, body.message).toBe(true);
  return body.data.ids[0];
}

export function channelRow(s: ChannelSuite, id: number) {
  return s.ctx.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function channelCount(s: ChannelSuite): Promise<number> {
  const row = await s.ctx.db.selectFrom('channels').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The channel's abilities as `group/model/enabled/priority/weight/tag` strings, sorted (the same on every dialect). */
export async function abilitiesOf(s: ChannelSuite, id: number): Promise<string[]> {
  const rows = await abilitiesRepository.listForChannel(s.ctx.db, id);
  return rows.map((a) => `${a.group}/${a.model}/${a.enabled}/${a.priority}/${a.weight}/${a.tag ?? ''}`).sort();
}

/** The channel ids routing would try for (group, model) right now. */
export function routedIds(s: ChannelSuite, group: string, model: string): number[] {
  return s.ctx.services.routing.table.candidates(group, model)?.tiers.flatMap((t) => t.channels.map((c) => c.id)) ?? [];
}
