import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { Role, UserStatus } from '@gw/contracts';
import { buildApp, type AppDeps, type Services } from '../src/app.js';
import type { Config, DatabaseType } from '../src/config/config.schema.js';
import { ConfigSchema } from '../src/config/config.schema.js';
import { hashPassword } from '../src/platform/crypto.js';
import { usersRepository } from '../src/users/users.repository.js';
import { newAffCode } from '../src/users/aff-code.js';
import { nowSeconds } from '../src/platform/clock.js';
import type { Db } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  services: Services;
  database: TestDatabase;
  close(): Promise<void>;
}

export function testConfig(type: DatabaseType, overrides: Partial<Config> = {}): Config {
  const base = ConfigSchema.parse({ logLevel: 'silent', authRateLimitPerMinute: 1000 });
  return Object.freeze({ ...base, sessionSecret: 'test-secret-test-secret', databaseType: type, ...overrides });
}

/** A real app over a fresh database of the given dialect, driven with app.inject(). */
export async function createTestContext(
  type: DatabaseType,
  overrides: Partial<Config> = {},
  extra: Pick<AppDeps, 'redis' | 'bus' | 'tokenLeases'> & { onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(type);
  const { onRoute, ...shared } = extra;
  const { app, services } = await buildApp({ config: testConfig(type, overrides), db: database.db, ...shared }, { onRoute });
  await app.ready();
  return {
    app,
    db: database.db,
    services,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

let seq = 0;
const passwordHashCache = new Map<string, Promise<string>>();

export interface CreatedUser {
  id: number;
  username: string;
  password: string;
}

export interface CreateUserOptions {
  username?: string;
  password?: string;
  role?: number;
  status?: number;
  group?: string;
  quota?: number;
  email?: string;
}

/** Factory: inserts a user directly (no HTTP), with a known password. */
export async function createUser(db: Db, opts: CreateUserOptions = {}): Promise<CreatedUser> {
  const username = opts.username ?? `u${process.pid % 1000}_${++seq}`;
  const password = opts.password ?? 'password123';
  if (!passwordHashCache.has(password)) passwordHashCache.set(password, hashPassword(password));
  const id = await usersRepository.insert(db, {
    username,
    password: await passwordHashCache.get(password)!,
    display_name: username,
    role: opts.role ?? Role.User,
    status: opts.status ?? UserStatus.Enabled,
    group: opts.group ?? 'default',
    quota: opts.quota ?? 0,
    email: opts.email ?? '',
    aff_code: newAffCode(),
    created_at: nowSeconds(),
  });
  return { id, username, password };
}

/** Marks setup as done, so routes behave as on an initialised site. */
export async function markSetupDone(db: Db): Promise<void> {
  await db.insertInto('setups').values({ version: 'test', initialized_at: nowSeconds() }).execute();
}

export interface SignedIn {
  id: number;
  headers: Record<string, string>;
}

/** Signs in over HTTP and returns headers (cookie + New-Api-User) for later calls. */
export async function signIn(app: FastifyInstance, user: { username: string; password: string }): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: user.username, password: user.password } });
  const body = res.json();
  if (!body.success) throw new Error(`sign-in failed for ${user.username}: ${body.message}`);
  const cookie = res.cookies.find((c) => c.name === 'session');
  return { id: body.data.id, headers: { cookie: `session=${cookie!.value}`, 'new-api-user': String(body.data.id) } };
}

export interface Member extends CreatedUser {
  session: SignedIn;
}

/** A signed-in user of the given role (and other factory options). */
export async function member(ctx: TestContext, opts: CreateUserOptions = {}): Promise<Member> {
  const user = await createUser(ctx.db, opts);
  return { ...user, session: await signIn(ctx.app, user) };
}

export interface SiteWithMembers {
  ctx: TestContext;
  admin: Member;
  normal: Member;
}

/** A fresh, set-up site with a signed-in admin and a signed-in normal user (made with `normalOpts`). */
async function siteWithMembers(dialect: DatabaseType, normalOpts: CreateUserOptions = {}): Promise<SiteWithMembers> {
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

/**
 * Gives the enclosing describe a site of its own: built by a beforeAll hook and closed by an afterAll hook.
 * The answer is filled in when beforeAll runs, so read its fields inside hooks and tests only.
 */
export function useSiteWithMembers(dialect: DatabaseType, normalOpts: CreateUserOptions = {}): SiteWithMembers {
  const site = {} as SiteWithMembers;
  beforeAll(async () => {
    Object.assign(site, await siteWithMembers(dialect, normalOpts));
  });
  afterAll(() => site.ctx?.close());
  return site;
}

/** How many rows a table holds. */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n);
}

export function json(res: LightMyRequestResponse): { success: boolean; message: string; data?: any; code?: string } {
  return res.json();
}
