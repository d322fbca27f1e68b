import type { OAuthSignedInUser, TwoFactorChallenge } from '@gw/contracts';

/**
 * The small pages the WeChat QR frame (an iframe of the login and personal pages) ends on. They talk to
 * the console through same-origin storage and postMessage, since the frame has no console code.
 */

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const page = (message: string, script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>WeChat</title></head>` +
  `<body style="font-family:sans-serif;text-align:center;padding:24px"><p id="message">${escapeHtml(message)}</p><script>${script}</script></body></html>`;

const notify = (payload: unknown) => `try{window.parent.postMessage(${scriptJson(payload)},location.origin)}catch(e){}`;

/** Signed in: store the user as the console does after a login, then move the whole page on. */
export function signedInFrame(user: OAuthSignedInUser, next: string): string {
  const target = next.startsWith('/') && !next.startsWith('//') ? next : '/token';
  return page('Signed in, redirecting…', `localStorage.setItem('user',${scriptJson(JSON.stringify(user))});window.top.location.href=${scriptJson(target)};`);
}

/**
 * Signed in, but the user has a second factor: no session yet and nothing stored. The page holding the frame
 * takes the pending token to its two-factor step, which finishes the sign-in.
 */
export function twoFactorFrame(challenge: TwoFactorChallenge): string {
  return page(
    'Two-factor authentication is on for this account: enter your code on the login page.',
    notify({ type: 'oauth-two-factor', provider: 'wechat', pending_token: challenge.pending_token }),
  );
}

export function boundFrame(): string {
  return page('WeChat account bound.', notify({ type: 'oauth-bind', provider: 'wechat', success: true }));
}

export function failedFrame(message: string): string {
  return page(message, notify({ type: 'oauth-bind', provider: 'wechat', success: false, message }));
}
