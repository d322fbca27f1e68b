/**
 * Fake Kling, Vidu and Ark (Doubao video) APIs on loopback, each its own server. A job moves on each time
 * it is read: Kling submitted → processing → succeed, Vidu queueing → processing → success, Ark queued →
 * running → succeeded, or failed at the third read when its prompt contains "fail". Credentials are
 * checked as the vendors do (Kling: a JWT signed HS256 with the account's secret key, `iss` its access key,
 * within exp/nbf; Vidu: `Token <key>`; Ark: `Bearer <key>`), so a test notices a wrong one. Finished jobs link to the video on the fake, served without credentials.
 */
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { LogType } from '@gw/contracts';
import type { TaskTestContext } from '../tasks.test-helpers.js';
import { errorReply, jsonReply, rawReply, startFakeUpstream, type FakeUpstream, type RecordedRequest, type Reply } from '../../../test/fake-upstream/index.js';
import { VIDEO_BYTES } from '../fake-task-upstreams.test-helpers.js';

/** The fake Kling's accounts: access key → secret key. `AK-broke`'s resource pack is used up (code 1102). */
export const KLING_ACCOUNTS: Record<string, string> = { 'AK-live': 'SK-live', 'AK-broke': 'SK-broke' };
export const KLING_KEY = 'AK-live|SK-live';
export const KLING_BROKE_KEY = 'AK-broke|SK-broke';
/** The fake Vidu's API key; `VIDU_BROKE_KEY`'s account has no credits left. */
export const VIDU_KEY = 'vidu-api-key';
export const VIDU_BROKE_KEY = 'vidu-broke-key';
/** The fake Ark's API key; `ARK_OVERDUE_KEY`'s account has an overdue balance. */
export const ARK_KEY = 'ark-api-key';
export const ARK_OVERDUE_KEY = 'ark-overdue-key';

interface FakeJob {
  id: string;
  /** Kling: text2video / image2video; Vidu: the endpoint it was created at. */
  action: string;
  prompt: string;
  reads: number;
  /** The account that created it: only that one can read it. */
  owner: string;
}

export interface FakeVideoVendor {
  url: string;
  upstream: FakeUpstream;
  jobs: Map<string, FakeJob>;
  /** Requests under a path prefix, for assertions. */
  requests(pathPrefix: string): RecordedRequest[];
  close(): Promise<void>;
}

let seq = 0;

function fakeVendor(route: (fake: FakeVideoVendor, r: RecordedRequest) => Reply): Promise<FakeVideoVendor> {
  const fake: FakeVideoVendor = {
    url: '',
    upstream: undefined as unknown as FakeUpstream,
    jobs: new Map(),
    requests: (prefix) => fake.upstream.requests.filter((r) => r.path.startsWith(prefix)),
    close: () => fake.upstream.close(),
  };
  return startFakeUpstream({ routes: { '*': (r) => route(fake, r) } }).then((upstream) => {
    fake.upstream = upstream;
    fake.url = upstream.url;
    return fake;
  });
}

const bodyOf = (r: RecordedRequest) => (r.body && typeof r.body === 'object' ? (r.body as Record<string, unknown>) : {});
const jobOf = (fake: FakeVideoVendor, id: string, owner: string) => {
  const job = fake.jobs.get(id);
  return job && job.owner === owner ? job : undefined;
};

/** The Kling account a bearer JWT was signed for, or an error message why it was not accepted. */
function klingAccountOf(r: RecordedRequest): { account: string } | { error: string } {
  const token = /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1];
  const [header, payload, signature] = token?.split('.') ?? [];
  if (!header || !payload || !signature) return { error: 'Authorization is not a JWT' };
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: string; exp?: number; nbf?: number };
  const secret = KLING_ACCOUNTS[claims.iss ?? ''];
  if (!secret || createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url') !== signature) return { error: 'the token signature is invalid' };
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now) return { error: 'the token has expired' };
  if (claims.nbf === undefined || claims.nbf > now) return { error: 'the token is not valid yet' };
  return { account: claims.iss! };
}

export function startFakeKling(): Promise<FakeVideoVendor> {
  return fakeVendor((fake, r) => {
    if (r.path.startsWith('/files/')) return rawReply(VIDEO_BYTES, 'video/mp4');
    const auth = klingAccountOf(r);
    if ('error' in auth) return errorReply(401, { code: 1000, message: auth.error, request_id: 'r' });
    const submit = /^\/v1\/videos\/(text2video|image2video)$/.exec(r.path);
    if (submit && r.method === 'POST') {
      const body = bodyOf(r);
      const prompt = String(body.prompt ?? '');
      // Kling reports refusals with HTTP 200 and a non-zero code.
      if (auth.account === 'AK-broke') return jsonReply({ code: 1102, message: 'resource pack exhausted', request_id: 'r' });
      if (/refuse/.test(prompt)) return jsonReply({ code: 1301, message: 'the content did not pass the security check', request_id: 'r' });
      const job: FakeJob = { id: `87${String(++seq).padStart(6, '0')}`, action: submit[1], prompt, reads: 0, owner: auth.account };
      fake.jobs.set(job.id, job);
      return jsonReply({ code: 0, message: 'SUCCEED', request_id: 'r', data: { task_id: job.id, task_status: 'submitted', created_at: 1_722_769_557_708, updated_at: 1_722_769_557_708 } });
    }
    const read = /^\/v1\/videos\/(text2video|image2video)\/([^/]+)$/.exec(r.path);
    const job = read && r.method === 'GET' ? jobOf(fake, read[2], auth.account) : undefined;
    if (!read || !job || job.action !== read[1]) return errorReply(404, { code: 1203, message: 'the task does not exist', request_id: 'r' });
    job.reads++;
    const status = job.reads === 1 ? 'submitted' : job.reads === 2 ? 'processing' : /fail/.test(job.prompt) ? 'failed' : 'succeed';
    return jsonReply({
      code: 0, message: 'SUCCEED', request_id: 'r',
      data: {
        task_id: job.id, task_status: status, task_status_msg: status === 'failed' ? 'the video did not pass the security check' : '',
        created_at: 1_722_769_557_708, updated_at: 1_722_769_600_000,
        ...(status === 'succeed' ? { task_result: { videos: [{ id: `v-${job.id}`, url: `${fake.url}/files/${job.id}.mp4`, duration: '5' }] } } : {}),
      },
    });
  });
}

export function startFakeVidu(): Promise<FakeVideoVendor> {
  return fakeVendor((fake, r) => {
    if (r.path.startsWith('/files/')) return rawReply(VIDEO_BYTES, 'video/mp4');
    const key = /^Token (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1] ?? '';
    if (key !== VIDU_KEY && key !== VIDU_BROKE_KEY) return errorReply(401, { code: 401, reason: 'Unauthorized', message: 'unauthorized' });
    const submit = /^\/ent\/v2\/(text2video|img2video|start-end2video|reference2video)$/.exec(r.path);
    if (submit && r.method === 'POST') {
      const body = bodyOf(r);
      if (key === VIDU_BROKE_KEY) return errorReply(400, { code: 400, reason: 'CreditInsufficient', message: 'insufficient credits' });
      const job: FakeJob = { id: String(900_000_000 + ++seq), action: submit[1], prompt: String(body.prompt ?? ''), reads: 0, owner: key };
      fake.jobs.set(job.id, job);
      return jsonReply({ task_id: job.id, state: 'created', model: body.model, prompt: body.prompt, images: body.images ?? [], duration: body.duration ?? 5, created_at: '2025-01-01T15:41:31.968916Z' });
    }
    const read = /^\/ent\/v2\/tasks\/([^/]+)\/creations$/.exec(r.path);
    const job = read && r.method === 'GET' ? jobOf(fake, read[1], key) : undefined;
    if (!job) return errorReply(404, { code: 404, reason: 'TaskNotFound', message: 'task not found' });
    job.reads++;
    const state = job.reads === 1 ? 'queueing' : job.reads === 2 ? 'processing' : /fail/.test(job.prompt) ? 'failed' : 'success';
    return jsonReply({
      id: job.id, state, err_code: state === 'failed' ? 'CreationPolicyViolation' : '', credits: 4, payload: '',
      creations: state === 'success' ? [{ id: `c-${job.id}`, url: `${fake.url}/files/${job.id}.mp4`, cover_url: `${fake.url}/files/${job.id}.jpg` }] : [],
    });
  });
}

/** The prompt of an Ark job: its text item. */
const arkPromptOf = (body: Record<string, unknown>) => {
  const text = Array.isArray(body.content) ? (body.content as { type?: string; text?: string }[]).find((c) => c.type === 'text')?.text : undefined;
  return String(text ?? '');
};

export function startFakeArk(): Promise<FakeVideoVendor> {
  const arkError = (status: number, code: string, message: string) => errorReply(status, { error: { code, message, param: '', type: 'BadRequest' } });
  return fakeVendor((fake, r) => {
    if (r.path.startsWith('/files/')) return rawReply(VIDEO_BYTES, 'video/mp4');
    const key = /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1] ?? '';
    if (key !== ARK_KEY && key !== ARK_OVERDUE_KEY) return arkError(401, 'AuthenticationError', 'The API key in the request is missing or invalid.');
    if (r.path === '/api/v3/contents/generations/tasks' && r.method === 'POST') {
      if (key === ARK_OVERDUE_KEY) return arkError(403, 'AccountOverdueError', 'The request failed because your account has an overdue balance.');
      const body = bodyOf(r);
      const prompt = arkPromptOf(body);
      if (/sensitive/.test(prompt)) return arkError(400, 'InputTextSensitiveContentDetected', 'The request failed because the input text may contain sensitive information.');
      const job: FakeJob = { id: `cgt-2025${String(++seq).padStart(6, '0')}`, action: '', prompt, reads: 0, owner: key };
      fake.jobs.set(job.id, job);
      return jsonReply({ id: job.id });
    }
    const read = /^\/api\/v3\/contents\/generations\/tasks\/([^/]+)$/.exec(r.path);
    const job = read && r.method === 'GET' ? jobOf(fake, read[1], key) : undefined;
    if (!job) return arkError(404, 'ResourceNotFound', 'The specified task is not found.');
    job.reads++;
    const status = job.reads === 1 ? 'queued' : job.reads === 2 ? 'running' : /fail/.test(job.prompt) ? 'failed' : 'succeeded';
    return jsonReply({
      id: job.id, model: 'doubao-seedance-1-0-pro-250528', status, created_at: 1_750_000_000, updated_at: 1_750_000_000 + job.reads * 30,
      ...(status === 'succeeded' ? { content: { video_url: `${fake.url}/files/${job.id}.mp4` }, usage: { completion_tokens: 246_840, total_tokens: 246_840 }, seed: 10, resolution: '1080p', ratio: '16:9', duration: 5, framespersecond: 24 } : {}),
      ...(status === 'failed' ? { error: { code: 'OutputVideoSensitiveContentDetected', message: 'The request failed because the output video may contain sensitive information.' } } : {}),
    });
  });
}

/** Reads a video test needs of its gateway: a task row, the content route, a new customer with a key, and "nothing charged". */
export function videoTestKit(t: TaskTestContext, startQuota: number) {
  return {
    task: (taskId: string) => t.ctx.db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow(),
    content: (taskId: string, key: string) => t.ctx.app.inject({ method: 'GET', url: `/v1/videos/${taskId}/content`, headers: { authorization: `Bearer ${key}` } }),
    async customer() {
      const user = await t.user();
      return { user, ...(await t.apiKey(user.id)) };
    },
    /** Nothing charged, held or logged for the user. */
    async expectNoCharge(userId: number) {
      expect(await t.quotaOf(userId)).toEqual({ quota: startQuota, used_quota: 0 });
      expect(await t.logsOf(userId, LogType.Consume)).toHaveLength(0);
    },
  };
}
