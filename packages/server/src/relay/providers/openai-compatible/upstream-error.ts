/** Reads an upstream error body into a short message, type and code, whatever shape the provider uses. */
import type { UpstreamErrorInfo } from '../provider-adapter.js';
import { isJsonObject } from '../../formats/json-object.js';

/** Longest message passed on; upstream bodies can be whole pages. */
const MAX_MESSAGE_LENGTH = 500;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const codeText = (v: unknown): string | undefined => (typeof v === 'number' ? String(v) : text(v));

const shorten = (message: string): string =>
  message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;

/** The error of a parsed JSON body in the shapes seen across providers, or undefined. */
function fromJson(body: unknown): UpstreamErrorInfo | undefined {
  if (Array.isArray(body)) return fromJson(body[0]);
  if (!isJsonObject(body)) return undefined;
  const error = body.error;
  // OpenAI and most compatible APIs: {error: {message, type, code}}
  if (isJsonObject(error) && (text(error.message) || codeText(error.code))) {
    return { message: text(error.message) ?? `error ${codeText(error.code)}`, type: text(error.type), code: codeText(error.code) };
  }
  // Ollama and others: {error: "text"}
  if (text(error)) return { message: text(error)!, type: text(body.type), code: codeText(body.code) };
  // Mistral validation errors: {object: "error", message: {detail: [{msg}]}, type}
  if (isJsonObject(body.message)) {
    const inner = fromJson(body.message);
    if (inner) return { ...inner, type: inner.type ?? text(body.type) };
  }
  // Cohere, Dify, Moonshot-style: {message, code?, type?}
  if (text(body.message)) return { message: text(body.message)!, type: text(body.type), code: codeText(body.code) };
  // FastAPI services (Jina, Xinference): {detail: "text"} or {detail: [{msg}]}
  if (text(body.detail)) return { message: text(body.detail)! };
  if (Array.isArray(body.detail) && isJsonObject(body.detail[0]) && text(body.detail[0].msg)) return { message: text(body.detail[0].msg)! };
  // Cloudflare: {errors: [{code, message}], success: false}
  if (Array.isArray(body.errors) && isJsonObject(body.errors[0]) && text(body.errors[0].message)) {
    return { message: text(body.errors[0].message)!, code: codeText(body.errors[0].code) };
  }
  // Baidu (classic): {error_code, error_msg}
  if (text(body.error_msg)) return { message: text(body.error_msg)!, code: codeText(body.error_code) };
  // MiniMax (native): {base_resp: {status_code, status_msg}}
  if (isJsonObject(body.base_resp) && text(body.base_resp.status_msg)) {
    return { message: text(body.base_resp.status_msg)!, code: codeText(body.base_resp.status_code) };
  }
  return undefined;
}

const HTML_TITLE = /<title[^>]*>([^<]*)<\/title>/i;

/**
 * Parses an error answer: JSON in the common shapes, else plain text. An HTML page (a proxy's or a
 * load balancer's error page) is never passed on whole: only its title, if any, is kept.
 */
export function parseUpstreamError(status: number, raw: string): UpstreamErrorInfo {
  const body = raw.trim();
  const fallback = `upstream answered with status ${status}`;
  if (!body) return { message: fallback };
  if (body.startsWith('{') || body.startsWith('[')) {
    try {
      const info = fromJson(JSON.parse(body));
      if (info) return { ...info, message: shorten(info.message) };
    } catch {
      // not JSON after all: treated as text below
    }
  }
  if (/^<!doctype html|^<html|<body[\s>]/i.test(body)) {
    const title = HTML_TITLE.exec(body)?.[1]?.trim();
    return { message: title ? `${fallback}: ${shorten(title)}` : `${fallback} (an HTML page)` };
  }
  return { message: shorten(body.replace(/\s+/g, ' ')) };
}
