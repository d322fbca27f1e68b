import { describe, expect, it } from 'vitest';
import { actionOfCustomId, modelNameOf, parseSimpleChange } from './mj-actions.js';

describe('Midjourney actions', () => {
  it.each([
    ['MJ::JOB::upsample::2::3dbbd469-36af', 'UPSCALE'],
    ['MJ::JOB::upsample_v6_2x_subtle::1::abc::SOLO', 'UPSCALE'],
    ['MJ::JOB::variation::3::abc', 'VARIATION'],
    ['MJ::JOB::low_variation::1::abc::SOLO', 'LOW_VARIATION'],
    ['MJ::JOB::high_variation::1::abc::SOLO', 'HIGH_VARIATION'],
    ['MJ::JOB::pan_left::1::abc::SOLO', 'PAN'],
    ['MJ::JOB::reroll::0::abc::SOLO', 'REROLL'],
    ['MJ::Outpaint::50::1::abc::SOLO', 'ZOOM'],
    ['MJ::CustomZoom::abc', 'CUSTOM_ZOOM'],
    ['MJ::Inpaint::1::abc::SOLO', 'INPAINT'],
  ])('reads the action of button %s', (customId, action) => {
    expect(actionOfCustomId(customId)).toBe(action);
  });

  it.each(['MJ::JOB::dance::1::abc', 'XX::JOB::upsample::1::abc', 'MJ', 'MJ::::'])('finds no action in %s', (customId) => {
    expect(actionOfCustomId(customId)).toBeNull();
  });

  it('parses simple changes and refuses anything else', () => {
    expect(parseSimpleChange('123 U2')).toEqual({ taskId: '123', action: 'UPSCALE', index: 2 });
    expect(parseSimpleChange(' 123  v4 ')).toEqual({ taskId: '123', action: 'VARIATION', index: 4 });
    expect(parseSimpleChange('123 R')).toEqual({ taskId: '123', action: 'REROLL', index: 0 });
    for (const bad of ['123', '123 U5', '123 X1', '123 U1 extra', '']) expect(parseSimpleChange(bad)).toBeNull();
  });

  it('names the pricing model of each action', () => {
    expect(modelNameOf('IMAGINE')).toBe('mj_imagine');
    expect(modelNameOf('HIGH_VARIATION')).toBe('mj_high_variation');
    expect(modelNameOf('SWAP_FACE')).toBe('swap_face');
  });
});
