import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CaptchaCheckBody, ErrorCode } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import { CAPTCHA_FAILED, type CaptchaService } from './captcha.service.js';

export interface CaptchaRouteDeps {
  captcha: CaptchaService;
  rateLimit: (req: FastifyRequest) => Promise<void>;
}

/** GET /api/captcha and POST /api/captcha/check (public). */
export async function captchaRoutes(app: FastifyInstance, deps: CaptchaRouteDeps) {
  app.get('/', { preHandler: deps.rateLimit }, async () => ok(await deps.captcha.create()));
  app.post('/check', { preHandler: deps.rateLimit }, async (req) => {
    const body = parseInput(CaptchaCheckBody, req.body);
    if (!(await deps.captcha.check(body.captcha_key, body.position.x))) throw new AppError(ErrorCode.HumanCheckFailed, CAPTCHA_FAILED);
    return ok(undefined, 'captcha passed');
  });
}
