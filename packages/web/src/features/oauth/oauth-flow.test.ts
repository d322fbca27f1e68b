import { describe, expect, it } from 'vitest';
import { afterCallback, afterCallbackFailure, authorizeEntryStep, secondFactorStep, waitingAuthorizationParams } from './oauth-flow';
import { isFrameMessage } from './oauth-providers';

const user = { id: 7, username: 'github_7', display_name: 'Octo', role: 1, status: 1, group: 'default' };

describe('the OAuth callback page', () => {
  it('goes to the personal page after binding and to /token after signing in', () => {
    expect(afterCallback({ message: 'bind' })).toEqual({ kind: 'bound', to: '/personal' });
    expect(afterCallback({ message: '', data: user })).toEqual({ kind: 'signedIn', user, to: '/token' });
  });

  it('goes back into a waiting authorization flow with its parameters', () => {
    expect(afterCallback({ message: '', data: user, oauth_login_params: 'app_name=Desk&reloadLogin=1' }).to).toBe('/oauth/login?app_name=Desk&reloadLogin=1');
  });

  it('sends a failed sign-in to the login page with the message, and a failed binding to the personal page', () => {
    expect(afterCallbackFailure('state mismatch', false)).toBe('/login?error=state%20mismatch');
    expect(afterCallbackFailure('already bound', true)).toBe('/personal');
  });
});

describe('the authorization sign-in entry (/oauth/login)', () => {
  const query = new URLSearchParams({ app_name: 'Desk', code_challenge: 'c'.repeat(43) });

  it('goes on to the authorize endpoint with the same query when a user is stored', () => {
    expect(authorizeEntryStep(query, true)).toEqual({ kind: 'authorize', url: `/api/oauth/authorize?${query.toString()}` });
  });

  it('sends a visitor to the login page with the oauth flag and one more round trip, and the login page can tell', () => {
    const step = authorizeEntryStep(query, false);
    expect(step.kind).toBe('login');
    const login = new URL((step as { to: string }).to, 'http://x');
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('oauth')).toBe('true');
    const next = login.searchParams.get('next')!;
    expect(next).toBe(`/oauth/login?app_name=Desk&code_challenge=${'c'.repeat(43)}&reloadLogin=1`);
    expect(waitingAuthorizationParams(login.searchParams)).toBe(`app_name=Desk&code_challenge=${'c'.repeat(43)}&reloadLogin=1`);
  });

  it('gives up after five round trips', () => {
    expect(authorizeEntryStep(new URLSearchParams('reloadLogin=4'), false).kind).toBe('login');
    expect(authorizeEntryStep(new URLSearchParams('reloadLogin=5'), true)).toEqual({ kind: 'failed' });
    expect(authorizeEntryStep(new URLSearchParams('reloadLogin=abc'), true)).toEqual({ kind: 'failed' });
  });

  it('finds no waiting flow on an ordinary login page', () => {
    expect(waitingAuthorizationParams(new URLSearchParams('next=/token'))).toBe('');
    expect(waitingAuthorizationParams(new URLSearchParams('next=/oauth/login?x=1'))).toBe('');
  });
});

describe('a third-party sign-in with a second factor', () => {
  it('goes to the login page two-factor step with the pending token, then on to where it was going', () => {
    const next = afterCallback({ message: '', data: { require_2fa: true, pending_token: 'p-1', expires_in: 300 }, oauth_login_params: 'app_name=x' });
    expect(next).toEqual({ kind: 'twoFactor', pendingToken: 'p-1', to: `/login?next=${encodeURIComponent('/oauth/login?app_name=x')}` });
  });

  it('recognises the WeChat frame’s messages, a two-factor one only with its pending token', () => {
    expect(isFrameMessage({ type: 'oauth-two-factor', provider: 'wechat', pending_token: 'p-2' })).toBe(true);
    expect(isFrameMessage({ type: 'oauth-two-factor', provider: 'wechat' })).toBe(false);
    expect(isFrameMessage({ type: 'oauth-bind', provider: 'wechat', success: true })).toBe(true);
    expect(isFrameMessage({ type: 'something-else' })).toBe(false);
    expect(isFrameMessage('oauth-two-factor')).toBe(false);
    expect(secondFactorStep('/topup')).toBe('/login?next=%2Ftopup');
  });
});
