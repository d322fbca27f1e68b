/**
 * Reads what an administrator pasted after the ChatGPT sign-in: the address the browser was sent to
 * (`http://localhost:1455/auth/callback?code=…&state=…`, which nothing answers, so the page fails to
 * load and the address bar keeps it), its query alone, new-api's `code#state`, or a bare code.
 */
export interface CallbackParts {
  code?: string;
  state?: string;
  /** The provider's refusal (`error`, `error_description`): the administrator declined, or the sign-in failed. */
  error?: string;
  /** True when the text was an address or a query (so a missing code is a wrong address, not a missing code). */
  wasAddress: boolean;
}

const value = (params: URLSearchParams, name: string): string | undefined => params.get(name)?.trim() || undefined;

export function readCallback(input: string): CallbackParts {
  const text = input.trim();
  if (!text) return { wasAddress: false };
  const query = text.indexOf('?');
  const looksLikeAddress = query >= 0 || /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /(^|[?&#])(code|state|error)=/.test(text);
  if (looksLikeAddress) {
    // The parameters are in the query; some sign-ins put them after '#' instead.
    const afterQuery = query >= 0 ? text.slice(query + 1) : text.includes('://') ? '' : text;
    const [search, fragment = ''] = afterQuery.split('#', 2);
    const hash = query < 0 && text.includes('#') ? text.slice(text.indexOf('#') + 1) : fragment;
    const params = new URLSearchParams(search);
    for (const [k, v] of new URLSearchParams(hash)) if (!params.has(k)) params.set(k, v);
    const error = value(params, 'error');
    const description = value(params, 'error_description');
    return {
      wasAddress: true,
      ...(value(params, 'code') ? { code: value(params, 'code') } : {}),
      ...(value(params, 'state') ? { state: value(params, 'state') } : {}),
      ...(error ? { error: description ? `${error}: ${description}` : error } : {}),
    };
  }
  if (text.includes('#')) {
    const [code, state] = text.split('#', 2).map((s) => s.trim());
    return { wasAddress: false, ...(code ? { code } : {}), ...(state ? { state } : {}) };
  }
  return { wasAddress: false, code: text };
}
