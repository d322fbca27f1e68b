import type { CaptchaChallenge } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { nowSeconds } from '../platform/clock.js';
import { randomAlphanumeric, sha256Hex } from '../platform/crypto.js';
import { createSliderPuzzle, PIECE_SIZE, type SliderPuzzle } from './slider-puzzle.js';

/** How far (px) the dropped piece may be from the hole and still count. */
export const CAPTCHA_TOLERANCE_PX = 4;
/** Seconds to solve a puzzle, and then to use the solved puzzle for the action it guards. */
export const CAPTCHA_SOLVE_SECONDS = 120;
export const CAPTCHA_PASS_SECONDS = 120;
export const CAPTCHA_FAILED = 'captcha verification failed, please retry';

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * The slider captcha (spec 1 §4). Puzzles live in the database (by the hash of their key) so that any node
 * can check them. A key gets one check: a wrong position throws the puzzle away, a right one marks it solved;
 * the solved key is then spent once by the action it guards (sending an SMS code).
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly newPuzzle: () => SliderPuzzle = createSliderPuzzle,
  ) {}

  async create(): Promise<CaptchaChallenge> {
    const puzzle = this.newPuzzle();
    const key = randomAlphanumeric(32);
    const now = nowSeconds();
    await this.db.insertInto('captcha_challenges').values({ id: sha256Hex(key), answer_x: puzzle.x, passed: 0, expires_at: now + CAPTCHA_SOLVE_SECONDS }).execute();
    if (Math.random() < 0.05) await this.db.deleteFrom('captcha_challenges').where('expires_at', '<=', now).execute();
    return {
      code: 0,
      captcha_key: key,
      image_base64: dataUrl(puzzle.background),
      tile_base64: dataUrl(puzzle.piece),
      tile_x: 0,
      tile_y: puzzle.y,
      tile_width: PIECE_SIZE,
      tile_height: PIECE_SIZE,
    };
  }

  /** True when x is within the tolerance of the answer; either way the puzzle cannot be checked again. */
  async check(key: string, x: number): Promise<boolean> {
    const id = sha256Hex(key);
    const now = nowSeconds();
    const row = await this.db
      .selectFrom('captcha_challenges')
      .select('answer_x')
      .where('id', '=', id)
      .where('passed', '=', 0)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return false;
    if (Math.abs(x - row.answer_x) > CAPTCHA_TOLERANCE_PX) {
      await this.db.deleteFrom('captcha_challenges').where('id', '=', id).execute();
      return false;
    }
    // Conditional on still being unsolved, so of two racing checks only one passes.
    const solved = await this.db
      .updateTable('captcha_challenges')
      .set({ passed: 1, expires_at: now + CAPTCHA_PASS_SECONDS })
      .where('id', '=', id)
      .where('passed', '=', 0)
      .executeTakeFirst();
    return Number(solved.numUpdatedRows) > 0;
  }

  /** Spends a solved puzzle; true once per solved key, while it is fresh. */
  async consumePass(key: string): Promise<boolean> {
    const used = await this.db
      .deleteFrom('captcha_challenges')
      .where('id', '=', sha256Hex(key))
      .where('passed', '=', 1)
      .where('expires_at', '>', nowSeconds())
      .executeTakeFirst();
    return Number(used.numDeletedRows) > 0;
  }
}
