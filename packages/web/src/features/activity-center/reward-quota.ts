/** The reward fields of the signed-in user (spec 3 §3 "User (personal view)"). */
export interface RewardBalances {
  quota: number;
  aff_quota: number;
  activity_quota: number;
}

/** Invitation plus activity rewards: what can be moved to the balance (spec 3 §9). */
export function transferableQuota(u: RewardBalances): number {
  return Math.max(0, u.aff_quota) + Math.max(0, u.activity_quota);
}

/** Balance plus both reward pots (spec 3 §9 "Total quota"). */
export function totalQuota(u: RewardBalances): number {
  return u.quota + transferableQuota(u);
}

/** A transfer must be a whole amount above 0 and not above the transferable rewards (spec 3 §5). */
export function transferProblem(amount: number | null | undefined, transferable: number): 'required' | 'insufficient' | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount) || Math.trunc(amount) <= 0) return 'required';
  if (Math.trunc(amount) > transferable) return 'insufficient';
  return null;
}

/** The invitation link a user shares: the register page with their code. */
export function invitationLink(origin: string, affCode: string): string {
  return affCode ? `${origin}/register?aff=${encodeURIComponent(affCode)}` : '';
}

/** The next-claim time carried by a fuel-pack answer: a claim, or a refusal's `data` ({ next_claim_at }). */
export function nextClaimAt(data: unknown): number | null {
  if (!data || typeof data !== 'object') return null;
  const at = (data as { next_claim_at?: unknown }).next_claim_at;
  return typeof at === 'number' && at > 0 ? at : null;
}
