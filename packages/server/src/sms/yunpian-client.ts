import { ErrorCode } from '@gw/contracts';
import { AppError } from '../http/errors.js';
import type { OptionsService } from '../options/options.service.js';
import type { UpstreamHttpClient } from '../platform/http-client.js';

export const SMS_NOT_CONFIGURED = 'the administrator has not configured SMS sending';

const SEND_TIMEOUT_MS = 10_000;

/**
 * Yunpian's single-send API (`POST {base}/v2/sms/single_send.json`, form fields apikey, mobile, text). The
 * text must match a template approved in the Yunpian console, signed with `【yunpian.sign】`. Yunpian
 * answers `{code: 0, …}` on success and `{code, msg, detail}` (HTTP 400) otherwise.
 */
export class YunpianClient {
  constructor(
    private readonly options: OptionsService,
    private readonly http: UpstreamHttpClient,
    private readonly baseUrl: string,
  ) {}

  async sendCode(mobile: string, code: string, validMinutes: number): Promise<void> {
    const apiKey = this.options.get('yunpian.api_key');
    const sign = this.options.get('yunpian.sign').trim();
    if (!apiKey || !sign) throw new AppError(ErrorCode.DeliveryFailed, SMS_NOT_CONFIGURED);
    const text = `【${sign}】您的验证码是${code}，${validMinutes}分钟内有效。如非本人操作，请忽略本短信`;
    const body = new URLSearchParams({ apikey: apiKey, mobile, text }).toString();
    let answer: { code?: unknown; msg?: unknown; detail?: unknown };
    try {
      const res = await this.http.request(
        {
          method: 'POST',
          url: `${this.baseUrl.replace(/\/+$/, '')}/v2/sms/single_send.json`,
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json;charset=utf-8' },
          body,
        },
        AbortSignal.timeout(SEND_TIMEOUT_MS),
      );
      answer = JSON.parse(await res.body.text()) as typeof answer;
    } catch {
      throw new AppError(ErrorCode.DeliveryFailed, 'the SMS could not be sent: the SMS provider did not answer');
    }
    if (answer.code !== 0) {
      const reason = [answer.msg, answer.detail].filter((v) => typeof v === 'string' && v).join(': ') || `code ${String(answer.code)}`;
      throw new AppError(ErrorCode.DeliveryFailed, `the SMS could not be sent: ${reason.slice(0, 200)}`);
    }
  }
}
