import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChannelConfigError } from '../../../channels/channel-config-error.js';
import { RelayError } from '../../../relay/relay-error.js';
import { PNG_BASE64 } from '../../fake-task-upstreams.test-helpers.js';
import { TaskStatus } from '../../task-status.js';
import { parseVideoRequest } from '../video-request.js';
import { klingAuthorization, klingCredentialsOf, klingToken } from './kling-jwt.js';
import { KLING_DEFAULT_BASE_URL, klingCodeStatus, klingJobOf, klingJobState, klingRefusal, klingVideoUpstream } from './kling-video.js';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
const request = (body: Record<string, unknown>) => parseVideoRequest({ model: 'kling-v1', prompt: 'a cat', ...body });

function refusal(body: Record<string, unknown>): RelayError {
  try {
    klingJobOf(request(body), 'kling-v1');
  } catch (err) {
    if (err instanceof RelayError) return err;
    throw err;
  }
  throw new Error('the request was accepted');
}

describe('Kling JWT', () => {
  it('signs HS256 with the secret key: iss the access key, exp now + 30 min, nbf now − 5 s', () => {
    const token = klingToken({ accessKey: 'AK-123', secretKey: 'SK-456' }, 1_700_000_000);
    const [header, payload, signature] = token.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(payload)).toEqual({ iss: 'AK-123', exp: 1_700_001_800, nbf: 1_699_999_995 });
    expect(signature).toBe(createHmac('sha256', 'SK-456').update(`${header}.${payload}`).digest('base64url'));
    expect(createHmac('sha256', 'another secret').update(`${header}.${payload}`).digest('base64url')).not.toBe(signature);
  });

  it('reads the channel key as access_key|secret_key and signs a fresh token each call', () => {
    expect(klingCredentialsOf(' AK | SK ')).toEqual({ accessKey: 'AK', secretKey: 'SK' });
    const now = Math.floor(Date.now() / 1000);
    const auth = klingAuthorization('AK|SK');
    expect(auth).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = decode(auth.split(' ')[1].split('.')[1]);
    expect(claims.iss).toBe('AK');
    expect(Math.abs((claims.exp as number) - (now + 1800))).toBeLessThanOrEqual(2);
    expect(klingAuthorization('AK|SK', 100)).not.toBe(klingAuthorization('AK|SK', 200));
  });

  it('refuses a key not in access_key|secret_key form as a channel configuration error, never showing it', () => {
    for (const key of ['only-an-access-key', 'AK|', '|SK', 'AK|SK|extra', '']) {
      let error: unknown;
      try {
        klingCredentialsOf(key);
      } catch (err) {
        error = err;
      }
      expect(error, key).toBeInstanceOf(ChannelConfigError);
      expect((error as ChannelConfigError).code).toBe('channel:credentials_invalid');
      expect((error as Error).message).toContain('access_key|secret_key');
      if (key) expect((error as Error).message).not.toContain(key);
    }
  });
});

describe('Kling request building', () => {
  it('makes a text2video job: model_name, prompt, duration as text, the OpenAI size as the aspect ratio, the vendor fields', () => {
    const job = klingJobOf(request({ duration: 10, size: '720x1280', mode: 'pro', negative_prompt: 'blur', cfg_scale: 0.4, metadata: { camera_control: { type: 'forward_up' } } }), 'kling-v2-master');
    expect(job).toEqual({
      action: 'text2video',
      body: { model_name: 'kling-v2-master', prompt: 'a cat', duration: '10', aspect_ratio: '9:16', mode: 'pro', negative_prompt: 'blur', cfg_scale: 0.4, camera_control: { type: 'forward_up' } },
    });
    // Nothing the client left out is invented: Kling's own defaults apply.
    expect(klingJobOf(request({}), 'kling-v1').body).toEqual({ model_name: 'kling-v1', prompt: 'a cat' });
    expect(klingJobOf(request({ size: '1920x1080', aspect_ratio: '1:1' }), 'kling-v1').body.aspect_ratio).toBe('1:1');
  });

  it('makes an image2video job from images: the first the start frame, a second the end frame, data URLs as bare base64', () => {
    const job = klingJobOf(request({ images: [`data:image/png;base64,${PNG_BASE64}`, 'https://img.example/end.png'] }), 'kling-v1-6');
    expect(job).toEqual({ action: 'image2video', body: { model_name: 'kling-v1-6', prompt: 'a cat', image: PNG_BASE64, image_tail: 'https://img.example/end.png' } });
    expect(klingJobOf(request({ image: 'https://img.example/start.png' }), 'kling-v1').action).toBe('image2video');
  });

  it('refuses what Kling cannot take before any call: other durations, more than two images', () => {
    for (const duration of [4, 6, 15]) {
      expect(refusal({ duration }), String(duration)).toMatchObject({ status: 400, code: 'invalid_duration', message: `Kling makes videos of 5 or 10 seconds; duration ${duration} is not supported` });
    }
    expect(refusal({ images: ['https://a.example/1.png', 'https://a.example/2.png', 'https://a.example/3.png'] })).toMatchObject({ status: 400, code: 'invalid_image' });
  });
});

describe('Kling answers', () => {
  it('maps task_status to task statuses, the failure message, and the finish time from milliseconds', () => {
    const answer = (data: Record<string, unknown>) => ({ code: 0, message: 'SUCCEED', data });
    expect(klingJobState(answer({ task_status: 'submitted' })).status).toBe(TaskStatus.Submitted);
    expect(klingJobState(answer({ task_status: 'processing' })).status).toBe(TaskStatus.InProgress);
    expect(klingJobState(answer({ task_status: 'succeed', updated_at: 1_722_769_557_708 }))).toEqual({ status: TaskStatus.Success, progress: '', finishTime: 1_722_769_557, failReason: '' });
    expect(klingJobState(answer({ task_status: 'failed', task_status_msg: 'risk control' }))).toMatchObject({ status: TaskStatus.Failure, failReason: 'risk control' });
    expect(klingJobState(answer({ task_status: 'paused' })).status).toBe(TaskStatus.Unknown);
  });

  it('finds the video link in task_result.videos', () => {
    expect(klingVideoUpstream.resultUrlOf({ code: 0, data: { task_result: { videos: [{ id: 'v', url: 'https://cdn.example/v.mp4', duration: '5' }] } } })).toBe('https://cdn.example/v.mp4');
    expect(klingVideoUpstream.resultUrlOf({ code: 0, data: { task_status: 'processing' } })).toBeNull();
    expect(klingVideoUpstream.resultUrlOf('text')).toBeNull();
  });

  it('judges a non-zero code as the HTTP status Kling documents for it, even inside a 200', () => {
    expect([1000, 1004, 1103, 1101, 1102, 1200, 1201, 1203, 1301, 1302, 1303, 5000, 5001, 5002, 9999].map(klingCodeStatus))
      .toEqual([401, 401, 403, 429, 429, 400, 400, 404, 400, 429, 429, 500, 503, 504, 500]);
    const answer = (status: number, json: unknown) => ({ status, json, text: JSON.stringify(json) });
    expect(klingRefusal(answer(200, { code: 1301, message: 'content security policy' }))).toEqual({ status: 400, label: 'code 1301' });
    expect(klingRefusal(answer(200, { code: 0, data: { task_id: '1' } }))).toBeNull();
    // An HTTP error is judged by its status as usual.
    expect(klingRefusal(answer(429, { code: 1302, message: 'rate limit' }))).toBeNull();
  });

  it('uses Kling\'s global address for a channel without a base URL', () => {
    expect(klingVideoUpstream.defaultBaseUrl).toBe(KLING_DEFAULT_BASE_URL);
    expect(KLING_DEFAULT_BASE_URL).toBe('https://api-singapore.klingai.com');
  });
});
