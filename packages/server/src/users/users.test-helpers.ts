import type { LightMyRequestResponse } from 'fastify';
import { Role } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, signIn, type CreatedUser, type SignedIn, type TestContext } from '../../test/test-app.js';
import type { DatabaseType } from '../config/config.schema.js';
import type { UserRow } from '../db/schema.js';

/** Test helpers shared by the users suites. */

export interface Member extends CreatedUser {
  session: SignedIn;
}

/** A signed-in user of the given role (and other factory options). */
export async function member(ctx: TestContext, opts: Parameters<typeof createUser>[1] = {}): Promise<Member> {
  const user = await createUser(ctx.db, opts);
  return { ...user, session: await signIn(ctx.app, user) };
}

export interface SiteWithMembers {
  ctx: TestContext;
  admin: Member;
  normal: Member;
}

/** A fresh, set-up site with a signed-in admin and a signed-in normal user (made with `normalOpts`). */
export async function siteWithMembers(dialect: DatabaseType, normalOpts: Parameters<typeof createUser>[1] = {}): Promise<SiteWithMembers> {
  const ctx = await createTestContext(dialect);
  try {
    await markSetupDone(ctx.db);
    const admin = await member(ctx, { role: Role.Admin });
    return { ctx, admin, normal: await member(ctx, normalOpts) };
  } catch (err) {
    await ctx.close();
    throw err;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as `who` (anonymous when undefined). */
export function call(ctx: TestContext, method: Method, url: string, who?: Member, payload?: unknown): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method, url, headers: who?.session.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Calls and returns the envelope, asserting nothing about the status. */
export async function callJson(ctx: TestContext, method: Method, url: string, who?: Member, payload?: unknown) {
  return json(await call(ctx, method, url, who, payload));
}

export function userRow(ctx: TestContext, id: number): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function logsOf(ctx: TestContext, userId: number) {
  return ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}
