import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../relay/relay-error.js';
import { PNG_BASE64 } from '../../fake-task-upstreams.test-helpers.js';
import { TaskStatus } from '../../task-status.js';
import { parseVideoRequest } from '../video-request.js';
import { VIDU_DEFAULT_BASE_URL, viduJobOf, viduJobState, viduRefusal, viduVideoUpstream } from './vidu-video.js';

const request = (body: Record<string, unknown>) => parseVideoRequest({ model: 'viduq1', prompt: 'a cat', ...body });
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://img.example/${i}.png`);

function refusal(body: Record<string, unknown>, model: string): RelayError {
  try {
    viduJobOf(request(body), model);
  } catch (err) {
    if (err instanceof RelayError) return err;
    throw err;
  }
  throw new Error('the request was accepted');
}

describe('Vidu request building', () => {
  it('picks the endpoint by the number of images', () => {
    expect(viduJobOf(request({}), 'viduq1').action).toBe('text2video');
    expect(viduJobOf(request({ images: urls(1) }), 'viduq1').action).toBe('img2video');
    expect(viduJobOf(request({ images: urls(2) }), 'viduq1').action).toBe('start-end2video');
    expect(viduJobOf(request({ images: urls(3) }), 'viduq1').action).toBe('reference2video');
    expect(viduJobOf(request({ images: urls(7) }), 'vidu2.0').action).toBe('reference2video');
  });

  it('sends model, prompt, images as given (data URLs kept), duration as a number, a "720p" size as the resolution, the vendor fields', () => {
    const dataUrl = `data:image/png;base64,${PNG_BASE64}`;
    const job = viduJobOf(request({ image: dataUrl, duration: '4', size: '720P', seed: 7, movement_amplitude: 'large', metadata: { bgm: true, payload: 'mine' } }), 'vidu2.0');
    expect(job).toEqual({
      action: 'img2video',
      body: { model: 'vidu2.0', prompt: 'a cat', images: [dataUrl], duration: 4, resolution: '720p', seed: 7, movement_amplitude: 'large', bgm: true, payload: 'mine' },
    });
    expect(viduJobOf(request({ size: '1280x720' }), 'viduq1').body).toEqual({ model: 'viduq1', prompt: 'a cat' });
    expect(viduJobOf(request({ size: '720p', resolution: '1080p' }), 'viduq1').body.resolution).toBe('1080p');
  });

  it('sends reference-to-video of a q2 model as plain viduq2, as Vidu requires', () => {
    expect(viduJobOf(request({ images: urls(3) }), 'viduq2-pro').body.model).toBe('viduq2');
    expect(viduJobOf(request({ images: urls(1) }), 'viduq2-pro').body.model).toBe('viduq2-pro');
  });

  it('refuses a duration the model does not make before any call', () => {
    expect(refusal({ duration: 8 }, 'viduq1')).toMatchObject({ status: 400, code: 'invalid_duration', message: 'viduq1 makes videos of 5 seconds; duration 8 is not supported' });
    expect(refusal({ duration: 5 }, 'vidu2.0').message).toBe('vidu2.0 makes videos of 4 or 8 seconds; duration 5 is not supported');
    expect(refusal({ duration: 12 }, 'viduq2-turbo').message).toContain('1 to 10 seconds');
    expect(refusal({ duration: 17 }, 'viduq3-pro').message).toContain('1 to 16 seconds');
    expect(viduJobOf(request({ duration: 8 }), 'vidu1.5').body.duration).toBe(8);
    expect(viduJobOf(request({ duration: 16 }), 'viduq3-turbo').body.duration).toBe(16);
  });
});

describe('Vidu answers', () => {
  it('maps state to task statuses and err_code to the failure reason', () => {
    expect(viduJobState({ state: 'created' }).status).toBe(TaskStatus.Submitted);
    expect(viduJobState({ state: 'queueing' }).status).toBe(TaskStatus.Queued);
    expect(viduJobState({ state: 'processing' }).status).toBe(TaskStatus.InProgress);
    expect(viduJobState({ state: 'success', creations: [] })).toEqual({ status: TaskStatus.Success, progress: '', finishTime: 0, failReason: '' });
    expect(viduJobState({ state: 'failed', err_code: 'CreationPolicyViolation' })).toMatchObject({ status: TaskStatus.Failure, failReason: 'the video job failed upstream (CreationPolicyViolation)' });
    expect(viduJobState({ state: 'odd' }).status).toBe(TaskStatus.Unknown);
  });

  it('finds the video link in creations', () => {
    expect(viduVideoUpstream.resultUrlOf({ state: 'success', creations: [{ id: 'c', url: 'https://cdn.example/c.mp4', cover_url: 'https://cdn.example/c.jpg' }] })).toBe('https://cdn.example/c.mp4');
    expect(viduVideoUpstream.resultUrlOf({ state: 'processing', creations: [] })).toBeNull();
  });

  it('judges insufficient credits as the channel\'s account running out (another channel may try), other errors by status', () => {
    const answer = (status: number, json: unknown) => ({ status, json, text: JSON.stringify(json) });
    expect(viduRefusal(answer(400, { code: 400, reason: 'CreditInsufficient', message: 'insufficient credits' }))).toEqual({ status: 429, label: 'HTTP 400 (CreditInsufficient)' });
    expect(viduRefusal(answer(400, { code: 400, reason: 'FieldInvalid', message: 'invalid field: duration' }))).toBeNull();
  });

  it('uses Vidu\'s international address for a channel without a base URL', () => {
    expect(viduVideoUpstream.defaultBaseUrl).toBe(VIDU_DEFAULT_BASE_URL);
    expect(VIDU_DEFAULT_BASE_URL).toBe('https://api.vidu.com');
  });
});
