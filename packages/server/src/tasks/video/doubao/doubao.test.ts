import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../relay/relay-error.js';
import { PNG_BASE64 } from '../../fake-task-upstreams.test-helpers.js';
import { TaskStatus } from '../../task-status.js';
import { parseVideoRequest } from '../video-request.js';
import { DOUBAO_DEFAULT_BASE_URL, doubaoJobOf, doubaoJobState, doubaoRefusal, doubaoVideoUpstream } from './doubao-video.js';

const PRO = 'doubao-seedance-1-0-pro-250528';
const request = (body: Record<string, unknown>) => parseVideoRequest({ model: PRO, prompt: 'a cat', ...body });
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://img.example/${i}.png`);

function refusal(body: Record<string, unknown>, model: string): RelayError {
  try {
    doubaoJobOf(request(body), model);
  } catch (err) {
    if (err instanceof RelayError) return err;
    throw err;
  }
  throw new Error('the request was accepted');
}

describe('Doubao video request building', () => {
  it('sends the prompt as a text item, duration and the vendor fields as body fields', () => {
    expect(doubaoJobOf(request({ duration: 5, seed: 7, camera_fixed: true, watermark: false, metadata: { generate_audio: true, model: 'other' } }), PRO)).toEqual({
      model: PRO,
      content: [{ type: 'text', text: 'a cat' }],
      duration: 5,
      seed: 7,
      camera_fixed: true,
      watermark: false,
      generate_audio: true,
    });
    expect(doubaoJobOf(request({}), PRO)).toEqual({ model: PRO, content: [{ type: 'text', text: 'a cat' }] });
  });

  it('gives images their roles: one the first frame, two first and last, more reference images (data URLs kept)', () => {
    const dataUrl = `data:image/png;base64,${PNG_BASE64}`;
    expect(doubaoJobOf(request({ image: dataUrl }), PRO).content).toEqual([
      { type: 'text', text: 'a cat' },
      { type: 'image_url', image_url: { url: dataUrl }, role: 'first_frame' },
    ]);
    expect(doubaoJobOf(request({ images: urls(2) }), PRO).content).toEqual([
      { type: 'text', text: 'a cat' },
      { type: 'image_url', image_url: { url: urls(2)[0] }, role: 'first_frame' },
      { type: 'image_url', image_url: { url: urls(2)[1] }, role: 'last_frame' },
    ]);
    const refs = doubaoJobOf(request({ images: urls(4) }), 'doubao-seedance-1-0-lite-i2v-250428').content as { role: string }[];
    expect(refs.slice(1).map((c) => c.role)).toEqual(['reference_image', 'reference_image', 'reference_image', 'reference_image']);
  });

  it('takes a content list in metadata in place of the image items (the prompt stays the text item)', () => {
    const video = { type: 'video_url', video_url: { url: 'https://v.example/a.mp4' }, role: 'reference_video' };
    expect(doubaoJobOf(request({ images: urls(1), metadata: { content: [{ type: 'text', text: 'ignored' }, video] } }), 'doubao-seedance-2-0-260128').content).toEqual([
      { type: 'text', text: 'a cat' },
      video,
    ]);
  });

  it('reads an OpenAI size as ratio and resolution, a "720p" size as the resolution; explicit fields win', () => {
    expect(doubaoJobOf(request({ size: '1280x720' }), PRO)).toMatchObject({ ratio: '16:9', resolution: '720p' });
    expect(doubaoJobOf(request({ size: '1080x1920' }), PRO)).toMatchObject({ ratio: '9:16', resolution: '1080p' });
    expect(doubaoJobOf(request({ size: '1024x1024' }), PRO)).toEqual({ model: PRO, content: [{ type: 'text', text: 'a cat' }], ratio: '1:1' });
    expect(doubaoJobOf(request({ size: '480P' }), PRO).resolution).toBe('480p');
    expect(doubaoJobOf(request({ size: '1280x720', ratio: 'adaptive', resolution: '1080p' }), PRO)).toMatchObject({ ratio: 'adaptive', resolution: '1080p' });
  });

  it('refuses a duration out of the model\'s range and more images than it reads, before any call', () => {
    expect(refusal({ duration: 13 }, PRO)).toMatchObject({ status: 400, code: 'invalid_duration', message: `${PRO} makes videos of 2 to 12 seconds; duration 13 is not supported` });
    expect(refusal({ duration: 3 }, 'doubao-seedance-1-5-pro-251215').message).toContain('4 to 12 seconds');
    expect(refusal({ duration: 16 }, 'doubao-seedance-2-0-fast-260128').message).toContain('4 to 15 seconds');
    expect(doubaoJobOf(request({ duration: 15 }), 'doubao-seedance-2-0-260128').duration).toBe(15);
    expect(refusal({ images: urls(3) }, PRO)).toMatchObject({ status: 400, code: 'invalid_image', message: `${PRO} takes at most 2 images; got 3` });
    expect(refusal({ images: urls(1) }, 'doubao-seedance-1-0-lite-t2v-250428').message).toBe('doubao-seedance-1-0-lite-t2v-250428 takes no images (text to video only); got 1');
    expect(refusal({ images: urls(2) }, 'doubao-seedance-1-0-pro-fast-251015').message).toContain('at most 1 image;');
    expect(refusal({ images: urls(5) }, 'doubao-seedance-1-0-lite-i2v-250428').message).toContain('at most 4 images');
    // An endpoint id: the widest rules.
    expect(doubaoJobOf(request({ images: urls(7), duration: 15 }), 'ep-20250101-abcde').duration).toBe(15);
  });
});

describe('Doubao video answers', () => {
  it('maps Ark statuses to task statuses, with the finish time and failure reason', () => {
    expect(doubaoJobState({ id: 'cgt-1', status: 'queued' }).status).toBe(TaskStatus.Queued);
    expect(doubaoJobState({ id: 'cgt-1', status: 'running', updated_at: 1_750_000_000 })).toEqual({ status: TaskStatus.InProgress, progress: '', finishTime: 0, failReason: '' });
    expect(doubaoJobState({ id: 'cgt-1', status: 'succeeded', content: { video_url: 'https://v.example/x.mp4' }, updated_at: 1_750_000_100 })).toEqual({ status: TaskStatus.Success, progress: '', finishTime: 1_750_000_100, failReason: '' });
    expect(doubaoJobState({ status: 'failed', error: { code: 'OutputVideoSensitiveContentDetected', message: 'the output video may contain sensitive information' }, updated_at: 1_750_000_100 })).toEqual({
      status: TaskStatus.Failure, progress: '', finishTime: 1_750_000_100, failReason: 'the output video may contain sensitive information',
    });
    expect(doubaoJobState({ status: 'failed', error: { code: 'InternalServiceError' } }).failReason).toBe('the video job failed upstream (InternalServiceError)');
    expect(doubaoJobState({ status: 'cancelled' })).toMatchObject({ status: TaskStatus.Failure, failReason: 'the video job was cancelled upstream' });
    expect(doubaoJobState({ status: 'expired' })).toMatchObject({ status: TaskStatus.Failure, failReason: 'the video job expired upstream before it finished' });
    expect(doubaoJobState({ status: 'odd' }).status).toBe(TaskStatus.Unknown);
  });

  it('finds the video link in content.video_url', () => {
    expect(doubaoVideoUpstream.resultUrlOf({ status: 'succeeded', content: { video_url: 'https://v.example/x.mp4' } })).toBe('https://v.example/x.mp4');
    expect(doubaoVideoUpstream.resultUrlOf({ status: 'running' })).toBeNull();
  });

  it('judges an overdue account or a model not activated as the channel\'s failure (another channel may try), other errors by status', () => {
    const answer = (status: number, code: string) => {
      const json = { error: { code, message: `${code} happened`, type: 'x' } };
      return { status, json, text: JSON.stringify(json) };
    };
    expect(doubaoRefusal(answer(403, 'AccountOverdueError'))).toEqual({ status: 429, label: 'HTTP 403 (AccountOverdueError)' });
    expect(doubaoRefusal(answer(404, 'ModelNotOpen'))).toEqual({ status: 429, label: 'HTTP 404 (ModelNotOpen)' });
    expect(doubaoRefusal(answer(400, 'InputTextSensitiveContentDetected'))).toBeNull();
    expect(doubaoRefusal(answer(401, 'AuthenticationError'))).toBeNull();
  });

  it('uses Ark\'s Beijing address for a channel without a base URL', () => {
    expect(doubaoVideoUpstream.defaultBaseUrl).toBe(DOUBAO_DEFAULT_BASE_URL);
    expect(DOUBAO_DEFAULT_BASE_URL).toBe('https://ark.cn-beijing.volces.com');
  });
});
