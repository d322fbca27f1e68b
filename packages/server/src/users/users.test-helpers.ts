import type { LightMyRequestResponse } from 'fastify';
import { json, type Member, type TestContext } from '../../test/test-app.js';
import type { UserRow } from '../db/schema.js';

/** Test helpers shared by the users suites. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
