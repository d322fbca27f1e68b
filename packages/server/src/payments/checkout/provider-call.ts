import { ErrorCode } from '@gw/contracts';
import { AppError } from '../../http/errors.js';
import type { UpstreamCall, UpstreamHttpClient } from '../../platform/http-client.js';

/** Time allowed for a provider to create a checkout. */
const PROVIDER_TIMEOUT_MS = 15_000;

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body, or null when the body is not JSON. */
  body: unknown;
}

/** A refusal or failure of the payment provider, shown to the buyer as the call's message. */
export function providerFailure(provider: string, reason: string): AppError {
  return new AppError(ErrorCode.PaymentProviderFailed, `${provider} could not start the payment: ${reason.slice(0, 300)}`);
}

/** Calls a payment provider's API with a timeout; a network failure or timeout becomes a providerFailure. */
export async function callProvider(http: UpstreamHttpClient, provider: string, call: UpstreamCall): Promise<ProviderAnswer> {
  let status: number;
  let text: string;
  try {
    const res = await http.request(call, AbortSignal.timeout(PROVIDER_TIMEOUT_MS));
    status = res.statusCode;
    text = await res.body.text();
  } catch {
    throw providerFailure(provider, `${provider} did not answer`);
  }
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    return { status, body: null };
  }
}

/** A string field of an object-shaped JSON value, or undefined. */
export function stringField(value: unknown, key: string): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

/** An object field of an object-shaped JSON value, or undefined. */
export function objectField(value: unknown, key: string): Record<string, unknown> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const field = (value as Record<string, unknown>)[key];
  return field && typeof field === 'object' && !Array.isArray(field) ? (field as Record<string, unknown>) : undefined;
}
