import { describe, expect, it } from 'vitest';
import { imageCallOf } from './image-call-ratio.js';

describe('imageCallOf', () => {
  it('counts the images asked for, 1 when n is absent or not a positive whole number', () => {
    expect(imageCallOf('my-image-model', { n: 4 }).count).toBe(4);
    expect(imageCallOf('my-image-model', { n: '3' }).count).toBe(3);
    for (const n of [undefined, 0, -2, 1.5, 'many', null]) expect(imageCallOf('my-image-model', { n }).count).toBe(1);
    expect(imageCallOf('my-image-model', { n: 1e9 }).count).toBe(128);
  });

  it('prices DALL·E sizes and HD quality by their published prices against the standard image', () => {
    expect(imageCallOf('dall-e-3', { size: '1024x1024' }).ratio).toBe(1);
    expect(imageCallOf('dall-e-3', { size: '1792x1024' }).ratio).toBe(2);
    expect(imageCallOf('dall-e-3', { size: '1024x1024', quality: 'hd' }).ratio).toBe(2);
    expect(imageCallOf('dall-e-3', { size: '1024x1792', quality: 'HD' }).ratio).toBe(3);
    expect(imageCallOf('dall-e-2', { size: '256x256' }).ratio).toBe(0.8);
    expect(imageCallOf('dall-e-2', { size: '512x512', quality: 'hd' }).ratio).toBe(0.9);
    expect(imageCallOf('dall-e-3', {}).ratio).toBe(1);
  });

  it('leaves other models and unknown sizes at the model’s own price', () => {
    expect(imageCallOf('flux-pro', { size: '1792x1024', quality: 'hd' }).ratio).toBe(1);
    expect(imageCallOf('dall-e-3', { size: '4096x4096' }).ratio).toBe(1);
    expect(imageCallOf('dall-e-30', { size: '1792x1024' }).ratio).toBe(1);
  });
});
