import { describe, expect, it } from 'vitest';
import { RelayError } from '../../relay/relay-error.js';
import { PNG_BASE64 } from '../fake-task-upstreams.test-helpers.js';
import { parseVideoRequest, vendorFields } from './video-request.js';

const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;

function refusal(body: unknown): RelayError {
  try {
    parseVideoRequest(body);
  } catch (err) {
    if (err instanceof RelayError) return err;
    throw err;
  }
  throw new Error('the request was accepted');
}

describe('parseVideoRequest', () => {
  it('reads the unified request: model, prompt, images from image and images, duration from duration or seconds, metadata', () => {
    const r = parseVideoRequest({ model: ' kling-v1 ', prompt: 'a cat', image: 'https://img.example/a.png', images: [PNG_DATA_URL], duration: '10', metadata: { mode: 'pro' } });
    expect(r).toMatchObject({ model: 'kling-v1', prompt: 'a cat', images: ['https://img.example/a.png', PNG_DATA_URL], duration: 10, metadata: { mode: 'pro' } });
    expect(parseVideoRequest({ model: 'sora-2', prompt: 'x', seconds: '4' }).duration).toBe(4);
    expect(parseVideoRequest({ model: 'sora-2', prompt: 'x', duration: 5 })).toMatchObject({ duration: 5, images: [], metadata: {} });
    expect(parseVideoRequest({ model: 'sora-2', prompt: 'x' }).duration).toBeUndefined();
  });

  it('refuses a missing model or prompt, and a body that is not an object', () => {
    expect(refusal({ prompt: 'x' })).toMatchObject({ status: 400, code: 'model_required', message: 'model is required' });
    expect(refusal({ model: 'kling-v1', prompt: '  ' })).toMatchObject({ status: 400, code: 'prompt_is_required' });
    expect(refusal([1])).toMatchObject({ status: 400, message: 'the request body must be a JSON object' });
  });

  it('takes images only as http(s) URLs or data URLs of real images', () => {
    for (const image of ['not-a-url', 'ftp://host/a.png', PNG_BASE64, 'https://']) {
      expect(refusal({ model: 'm', prompt: 'x', image }), image).toMatchObject({ status: 400, code: 'invalid_image', message: 'image must be an http(s) URL or a data:image/…;base64, URL' });
    }
    expect(refusal({ model: 'm', prompt: 'x', images: ['https://a.example/1.png', 42] }).message).toContain('images[1] must be an http(s) URL');
    expect(refusal({ model: 'm', prompt: 'x', images: 'https://a.example/1.png' })).toMatchObject({ code: 'invalid_image', message: 'images must be a list of image URLs' });
    expect(refusal({ model: 'm', prompt: 'x', image: `data:text/plain;base64,${Buffer.from('hello').toString('base64')}` }).message).toContain('is not an image');
    expect(refusal({ model: 'm', prompt: 'x', image: `data:image/png;base64,${Buffer.from('hello').toString('base64')}` }).message).toContain('is not an image');
    expect(refusal({ model: 'm', prompt: 'x', images: Array.from({ length: 8 }, (_, i) => `https://a.example/${i}.png`) }).message).toContain('at most 7 images');
  });

  it('takes a duration only as a whole, positive number of seconds', () => {
    for (const duration of [0, -5, 2.5, 'five', '5s', true]) {
      expect(refusal({ model: 'm', prompt: 'x', duration }), String(duration)).toMatchObject({ status: 400, code: 'invalid_duration', message: 'duration must be a whole number of seconds' });
    }
    expect(refusal({ model: 'm', prompt: 'x', seconds: 'x' }).message).toBe('seconds must be a whole number of seconds');
    expect(refusal({ model: 'm', prompt: 'x', metadata: 'mode=pro' })).toMatchObject({ code: 'invalid_metadata' });
  });

  it('passes the named vendor fields and metadata on, never a model from metadata', () => {
    const r = parseVideoRequest({ model: 'm', prompt: 'x', mode: 'pro', cfg_scale: 0.3, style: '', metadata: { camera_control: { type: 'forward_up' }, model: 'other', model_name: 'other', mode: 'std' } });
    expect(vendorFields(r, ['mode', 'cfg_scale', 'style', 'seed'])).toEqual({ mode: 'std', cfg_scale: 0.3, camera_control: { type: 'forward_up' } });
  });
});
