import { describe, expect, it } from 'vitest';
import { invitationLink, nextClaimAt, totalQuota, transferableQuota, transferProblem } from './reward-quota';

describe('reward quota', () => {
  const user = { quota: 1000, aff_quota: 300, activity_quota: 200 };

  it('counts invitation and activity rewards as transferable, and adds the balance for the total', () => {
    expect(transferableQuota(user)).toBe(500);
    expect(totalQuota(user)).toBe(1500);
  });

  it('asks for an amount above 0', () => {
    expect(transferProblem(null, 500)).toBe('required');
    expect(transferProblem(0, 500)).toBe('required');
    expect(transferProblem(-5, 500)).toBe('required');
  });

  it('refuses more than the transferable rewards and accepts up to all of them', () => {
    expect(transferProblem(501, 500)).toBe('insufficient');
    expect(transferProblem(500, 500)).toBeNull();
    expect(transferProblem(1, 500)).toBeNull();
  });

  it('builds the invitation link from the code, and none without a code', () => {
    expect(invitationLink('https://gw.example', 'Ab12')).toBe('https://gw.example/register?aff=Ab12');
    expect(invitationLink('https://gw.example', '')).toBe('');
  });

  it('reads the next fuel-pack claim time from a claim or a refusal, and nothing else', () => {
    expect(nextClaimAt({ quota: 1, balance: 2, next_claim_at: 1_800_000_000 })).toBe(1_800_000_000);
    expect(nextClaimAt({ next_claim_at: 0 })).toBeNull();
    expect(nextClaimAt(undefined)).toBeNull();
    expect(nextClaimAt('x')).toBeNull();
  });
});
