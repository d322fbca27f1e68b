/**
 * Fake Midjourney-Proxy, Suno and OpenAI-video upstreams on loopback, sharing one server. Every task
 * moves on with each time it is fetched: SUBMITTED → IN_PROGRESS → SUCCESS, or FAILURE at the third
 * fetch when its prompt contains "fail". Keys are checked, so a test notices a wrong credential.
 * Like OpenAI, a finished video job carries no link: its bytes are at GET /v1/videos/{id}/content
 * (with the key); `videoUrlInJob` makes the fake act like upstreams that put a link in the job instead.
 */
import { errorReply, jsonReply, rawReply, startFakeUpstream, type FakeUpstream, type RecordedRequest, type Reply } from '../../test/fake-upstream/index.js';

export const FAKE_KEY = 'upstream-task-key';
/** What the fake serves as a finished video (the start of an MP4 file is enough for the tests). */
export const VIDEO_BYTES = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
/** The smallest valid PNG (1×1), base64. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface FakeTask {
  id: string;
  kind: 'mj' | 'suno' | 'video';
  action: string;
  prompt: string;
  fetches: number;
  fails: boolean;
  /** The key (upstream account) that created it: only that key can read it. */
  owner: string;
}

export interface FakeTaskUpstreams {
  url: string;
  upstream: FakeUpstream;
  tasks: Map<string, FakeTask>;
  /** Requests of one kind (path prefix), for assertions. */
  requests(pathPrefix: string): RecordedRequest[];
  /** The next Midjourney submits answer this instead of accepting (e.g. code 24, banned prompt). */
  mjSubmitOverride: { code: number; description: string; result?: unknown; properties?: unknown } | null;
  /** Finished video jobs carry `url` (a link on the fake, served without a key), as some upstreams do. */
  videoUrlInJob: boolean;
  close(): Promise<void>;
}

/** Shared by every fake, so two fakes in one test never hand out the same task id. */
let seq = 0;

/** The fake's accounts: FAKE_KEY, and FAKE_KEY-<anything> for channels holding several keys. */
const isAccount = (key: string) => key === FAKE_KEY || key.startsWith(`${FAKE_KEY}-`);
const bearerOf = (r: RecordedRequest) => String(r.headers.authorization ?? '').replace(/^Bearer /, '');

const body = (r: RecordedRequest) => (r.body && typeof r.body === 'object' ? (r.body as Record<string, unknown>) : {});

export async function startFakeTaskUpstreams(): Promise<FakeTaskUpstreams> {
  const tasks = new Map<string, FakeTask>();
  const fake: FakeTaskUpstreams = {
    url: '',
    upstream: undefined as unknown as FakeUpstream,
    tasks,
    requests: (prefix) => fake.upstream.requests.filter((r) => r.path.startsWith(prefix)),
    mjSubmitOverride: null,
    videoUrlInJob: false,
    close: () => fake.upstream.close(),
  };
  const create = (kind: FakeTask['kind'], action: string, prompt: string, owner: string): FakeTask => {
    const task = { id: `${kind}-${++seq}`, kind, action, prompt, fetches: 0, fails: /fail/i.test(prompt), owner };
    tasks.set(task.id, task);
    return task;
  };
  /** A task as one upstream account sees it: another account's task does not exist for it. */
  const taskOf = (id: string, key: string) => {
    const t = tasks.get(id);
    return t && t.owner === key ? t : undefined;
  };

  /** 1st fetch SUBMITTED, 2nd IN_PROGRESS, then SUCCESS / FAILURE. */
  const stage = (t: FakeTask) => (++t.fetches === 1 ? 'SUBMITTED' : t.fetches === 2 ? 'IN_PROGRESS' : t.fails ? 'FAILURE' : 'SUCCESS');

  const mjDto = (t: FakeTask) => {
    const status = stage(t);
    return {
      id: t.id, action: t.action, prompt: t.prompt, promptEn: `${t.prompt} (en)`, description: '', state: '',
      submitTime: 1, startTime: status === 'SUBMITTED' ? 0 : 2, finishTime: status === 'SUCCESS' || status === 'FAILURE' ? 3 : 0,
      imageUrl: status === 'SUCCESS' ? `${fake.url}/images/${t.id}.png` : '', status,
      progress: status === 'SUBMITTED' ? '0%' : status === 'IN_PROGRESS' ? '50%' : status === 'SUCCESS' ? '100%' : '60%',
      failReason: status === 'FAILURE' ? 'the prompt was banned' : '',
      buttons: status === 'SUCCESS' ? [{ customId: `MJ::JOB::upsample::1::${t.id}`, label: 'U1' }] : [],
      properties: {},
    };
  };

  function midjourney(r: RecordedRequest): Reply {
    const key = String(r.headers['mj-api-secret'] ?? '');
    if (!isAccount(key)) return errorReply(401, { code: 4, description: 'bad mj-api-secret' });
    if (r.path.endsWith('/mj/task/list-by-condition')) {
      const ids = (body(r).ids as string[] | undefined) ?? [];
      return jsonReply(ids.map((id) => taskOf(id, key)).filter((t): t is FakeTask => t?.kind === 'mj').map(mjDto));
    }
    const seedOf = /\/mj\/task\/([^/]+)\/image-seed$/.exec(r.path);
    if (seedOf) {
      return taskOf(seedOf[1], key) ? jsonReply({ code: 1, description: 'success', result: `seed-of-${seedOf[1]}` }) : errorReply(404, { code: 4, description: 'the task does not exist' });
    }
    if (fake.mjSubmitOverride) return jsonReply({ result: '', properties: {}, ...fake.mjSubmitOverride });
    // A follow-up names its original task, which only the account that ran it knows.
    const parent = body(r).taskId;
    if (typeof parent === 'string' && tasks.has(parent) && !taskOf(parent, key)) return errorReply(404, { code: 4, description: 'the task does not exist' });
    const action = r.path.split('/').pop()!.toUpperCase();
    if (action === 'UPLOAD-DISCORD-IMAGES') return jsonReply({ code: 1, description: 'success', result: [`${fake.url}/images/upload.png`] });
    const t = create('mj', action, String(body(r).prompt ?? ''), key);
    return jsonReply({ code: 1, description: '提交成功', result: t.id, properties: {} });
  }

  function suno(r: RecordedRequest): Reply {
    const key = bearerOf(r);
    if (!isAccount(key)) return errorReply(401, { code: 'unauthorized', message: 'bad key' });
    if (r.path === '/suno/fetch') {
      const ids = (body(r).ids as string[] | undefined) ?? [];
      const data = ids.map((id) => taskOf(id, key)).filter((t): t is FakeTask => t?.kind === 'suno').map((t) => {
        const status = stage(t);
        return {
          task_id: t.id, action: t.action, status, fail_reason: status === 'FAILURE' ? 'generation failed' : '',
          submit_time: 1, start_time: 2, finish_time: status === 'SUCCESS' || status === 'FAILURE' ? 3 : 0,
          progress: status === 'IN_PROGRESS' ? '40%' : '',
          data: status === 'SUCCESS' ? [{ id: `${t.id}-clip`, audio_url: `${fake.url}/audio/${t.id}.mp3`, title: 'song' }] : [],
        };
      });
      return jsonReply({ code: 'success', message: '', data });
    }
    const t = create('suno', r.path.split('/').pop()!.toUpperCase(), String(body(r).prompt ?? body(r).gpt_description_prompt ?? ''), key);
    return jsonReply({ code: 'success', message: '', data: t.id });
  }

  /** The video bytes, or the asked part of them (`range: bytes=a-b`) as a 206. */
  function videoFile(r: RecordedRequest): Reply {
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(r.headers.range ?? ''));
    if (!range) return { ...rawReply(VIDEO_BYTES, 'video/mp4'), headers: { 'accept-ranges': 'bytes' } };
    const start = Number(range[1]);
    const end = Math.min(range[2] ? Number(range[2]) : VIDEO_BYTES.length - 1, VIDEO_BYTES.length - 1);
    return { ...rawReply(VIDEO_BYTES.subarray(start, end + 1), 'video/mp4', 206), headers: { 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${VIDEO_BYTES.length}` } };
  }

  function video(r: RecordedRequest): Reply {
    const key = bearerOf(r);
    if (!isAccount(key)) return errorReply(401, { error: { message: 'bad key', type: 'invalid_request_error' } });
    if (r.method === 'POST') {
      const t = create('video', 'GENERATE', String(body(r).prompt ?? ''), key);
      return jsonReply({ id: t.id, object: 'video', model: body(r).model, status: 'queued', progress: 0, created_at: 1 });
    }
    const [, id, content] = /^\/v1\/videos\/([^/]+)(\/content)?$/.exec(r.path) ?? [];
    const t = id ? taskOf(id, key) : undefined;
    if (!t || t.kind !== 'video') return errorReply(404, { error: { message: 'no such video' } });
    if (content) return t.fetches >= 3 && !t.fails ? videoFile(r) : errorReply(404, { error: { message: 'the video is not ready' } });
    const status = stage(t);
    const wire = { SUBMITTED: 'queued', IN_PROGRESS: 'in_progress', SUCCESS: 'completed', FAILURE: 'failed' }[status];
    return jsonReply({
      id: t.id, object: 'video', status: wire, progress: status === 'IN_PROGRESS' ? 50 : status === 'SUCCESS' ? 100 : 0,
      ...(status === 'SUCCESS' ? { completed_at: 4, ...(fake.videoUrlInJob ? { url: `${fake.url}/videos/${t.id}.mp4` } : {}) } : {}),
      ...(status === 'FAILURE' ? { error: { code: 'moderation', message: 'the video was blocked' } } : {}),
    });
  }

  fake.upstream = await startFakeUpstream({
    routes: {
      '*': (r) => {
        // A Midjourney-Proxy Plus also answers under a speed prefix (/mj-fast/mj/...).
        if (/^\/(mj-(fast|turbo|relax)\/)?mj\//.test(r.path)) return midjourney(r);
        if (r.path.startsWith('/suno/')) return suno(r);
        if (r.path.startsWith('/v1/videos')) return video(r);
        if (r.path.startsWith('/images/')) return rawReply(Buffer.from(PNG_BASE64, 'base64'), 'image/png');
        if (r.path.startsWith('/videos/')) return rawReply(VIDEO_BYTES, 'video/mp4');
        return errorReply(404, { error: 'no such fake route' });
      },
    },
  });
  fake.url = fake.upstream.url;
  return fake;
}
