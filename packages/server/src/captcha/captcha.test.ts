import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, markSetupDone, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { sha256Hex } from '../platform/crypto.js';
import { CAPTCHA_FAILED, CAPTCHA_TOLERANCE_PX } from './captcha.service.js';

/** Width and height from a PNG data URL's IHDR chunk. */
function pngSize(dataUrl: string): { width: number; height: number } {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  expect(png.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe.each(testDialects())('slider captcha (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  const newPuzzle = async () => {
    const res = json(await ctx.app.inject({ method: 'GET', url: '/api/captcha' }));
    expect(res.success).toBe(true);
    const row = await ctx.db.selectFrom('captcha_challenges').selectAll().where('id', '=', sha256Hex(res.data.captcha_key)).executeTakeFirstOrThrow();
    return { data: res.data, answer: row.answer_x };
  };
  const check = async (key: string, x: number, y = 0) => json(await ctx.app.inject({ method: 'POST', url: '/api/captcha/check', payload: { captcha_key: key, position: { x, y } } }));

  it('serves a 300×220 background and a piece that stays inside it, without revealing the answer', async () => {
    const { data, answer } = await newPuzzle();
    expect(data).toMatchObject({ code: 0, tile_x: 0, tile_width: 56, tile_height: 56 });
    expect(data.captcha_key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(pngSize(data.image_base64)).toEqual({ width: 300, height: 220 });
    expect(pngSize(data.tile_base64)).toEqual({ width: 56, height: 56 });
    expect(data.tile_y).toBeGreaterThanOrEqual(0);
    expect(data.tile_y + 56).toBeLessThanOrEqual(220);
    expect(answer).toBeGreaterThan(56);
    expect(answer + 56).toBeLessThanOrEqual(300);
    expect(JSON.stringify(data)).not.toMatch(new RegExp(`"[a-z_]*x[a-z_]*":${answer}\\b`));
    expect(Buffer.byteLength(JSON.stringify(data))).toBeLessThan(400_000);
  });

  it('passes a position within a few pixels, once', async () => {
    for (const offset of [0, CAPTCHA_TOLERANCE_PX, -CAPTCHA_TOLERANCE_PX]) {
      const { data, answer } = await newPuzzle();
      expect(await check(data.captcha_key, answer + offset, data.tile_y)).toMatchObject({ success: true });
      expect(await check(data.captcha_key, answer + offset)).toMatchObject({ success: false, message: CAPTCHA_FAILED });
    }
  });

  it('refuses a wrong position and then the right one too (the puzzle must be fetched again)', async () => {
    const { data, answer } = await newPuzzle();
    expect(await check(data.captcha_key, answer + CAPTCHA_TOLERANCE_PX + 1)).toEqual({ success: false, message: CAPTCHA_FAILED, code: 'human_check_failed' });
    expect(await check(data.captcha_key, answer)).toMatchObject({ success: false });
  });

  it('refuses an expired puzzle and an unknown key', async () => {
    const { data, answer } = await newPuzzle();
    await ctx.db.updateTable('captcha_challenges').set({ expires_at: 1 }).where('id', '=', sha256Hex(data.captcha_key)).execute();
    expect(await check(data.captcha_key, answer)).toMatchObject({ success: false });
    expect(await check('no-such-key', 100)).toMatchObject({ success: false, message: CAPTCHA_FAILED });
  });

  it('lets one of several concurrent right answers pass', async () => {
    const { data, answer } = await newPuzzle();
    const results = await Promise.all(Array.from({ length: 5 }, () => check(data.captcha_key, answer)));
    expect(results.filter((r) => r.success)).toHaveLength(1);
  });

  it('spends a solved puzzle once through consumePass, and never an unsolved one', async () => {
    const solved = await newPuzzle();
    const unsolved = await newPuzzle();
    expect(await ctx.services.captcha.consumePass(unsolved.data.captcha_key)).toBe(false);
    await check(solved.data.captcha_key, solved.answer);
    expect(await ctx.services.captcha.consumePass(solved.data.captcha_key)).toBe(true);
    expect(await ctx.services.captcha.consumePass(solved.data.captcha_key)).toBe(false);
  });

  it('answers malformed checks with a message', async () => {
    for (const payload of [{}, { captcha_key: 'k' }, { captcha_key: 'k', position: { x: 'left' } }, { captcha_key: 5, position: { x: 1 } }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/captcha/check', payload });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ success: false, code: 'validation_failed' });
    }
  });
});
