import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { ErrorCode, UserStatus, type PasskeyCeremony, type PasskeyLoginBody, type PasskeyRegisterBody, type PasskeyView } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../http/errors.js';
import type { OptionsService } from '../options/options.service.js';
import { nowSeconds } from '../platform/clock.js';
import { usersRepository } from '../users/users.repository.js';
import { authChallengesRepository, ChallengeKind } from './auth-challenges.repository.js';
import { passkeysRepository, type PasskeyRow } from './passkeys.repository.js';
import { relyingPartyOf, type RelyingParty } from './relying-party.js';

export const PasskeyMessage = {
  Disabled: 'passkey sign-in has not been enabled by the administrator',
  Expired: 'the passkey request has expired; please try again',
  Failed: 'the passkey could not be verified',
  Unknown: 'this passkey is not registered here',
  Duplicate: 'this passkey is already registered',
  NoneRegistered: 'you have no passkey; add one on the personal page first',
} as const;

/** Seconds the browser has to answer a WebAuthn request. */
const CEREMONY_SECONDS = 300;

type CeremonyKind = typeof ChallengeKind.PasskeyRegistration | typeof ChallengeKind.PasskeyLogin | typeof ChallengeKind.PasskeyVerify;

interface CeremonyPayload {
  challenge: string;
  rp: RelyingParty;
}

/** Passkeys (WebAuthn): register from the personal page, sign in without a password. */
export class PasskeysService {
  constructor(private readonly db: Db, private readonly options: OptionsService, private readonly now: () => number = nowSeconds) {}

  async list(userId: number): Promise<PasskeyView[]> {
    const rows = await passkeysRepository.listByUser(this.db, userId);
    return rows.map((p) => ({ id: p.id, name: p.name, created_at: p.created_at, last_used_at: p.last_used_at }));
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await passkeysRepository.delete(this.db, userId, id))) throw new NotFoundError('passkey');
  }

  /** new-api's DELETE /api/user/passkey (it keeps one passkey per user): every passkey of the caller. */
  async removeAll(userId: number): Promise<{ removed: number }> {
    const removed = await passkeysRepository.deleteAllForUser(this.db, userId);
    if (removed === 0) throw new NotFoundError('passkey');
    return { removed };
  }

  async registrationOptions(user: { id: number; username: string }, requestOrigin: string): Promise<PasskeyCeremony> {
    this.assertEnabled();
    const rp = relyingPartyOf(this.options, requestOrigin);
    const existing = await passkeysRepository.listByUser(this.db, user.id);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.username,
      userID: new TextEncoder().encode(`user-${user.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: splitTransports(p.transports) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CEREMONY_SECONDS * 1000,
    });
    return this.ceremony(ChallengeKind.PasskeyRegistration, user.id, options.challenge, rp, options);
  }

  async register(user: { id: number }, body: PasskeyRegisterBody): Promise<PasskeyView> {
    this.assertEnabled();
    const payload = await this.takeCeremony(ChallengeKind.PasskeyRegistration, body.challenge_id, user.id);
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: payload.challenge,
        expectedOrigin: payload.rp.origins,
        expectedRPID: payload.rp.id,
        requireUserVerification: true,
      });
    } catch {
      throw new ValidationError(PasskeyMessage.Failed);
    }
    if (!verified.verified) throw new ValidationError(PasskeyMessage.Failed);
    const { credential } = verified.registrationInfo;
    const now = this.now();
    const count = (await passkeysRepository.listByUser(this.db, user.id)).length;
    const name = body.name || `Passkey ${count + 1}`;
    try {
      const id = await passkeysRepository.insert(this.db, {
        user_id: user.id,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name,
        created_at: now,
        last_used_at: 0,
      });
      return { id, name, created_at: now, last_used_at: 0 };
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(PasskeyMessage.Duplicate);
      throw err;
    }
  }

  /** Options for a sign-in with any passkey of this site (discoverable credentials: no username needed). */
  async loginOptions(requestOrigin: string): Promise<PasskeyCeremony> {
    this.assertEnabled();
    const rp = relyingPartyOf(this.options, requestOrigin);
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CEREMONY_SECONDS * 1000 });
    return this.ceremony(ChallengeKind.PasskeyLogin, 0, options.challenge, rp, options);
  }

  /** Verifies a passkey sign-in and answers the user to start a session for. */
  async login(body: PasskeyLoginBody): Promise<UserRow> {
    this.assertEnabled();
    const payload = await this.takeCeremony(ChallengeKind.PasskeyLogin, body.challenge_id, 0);
    const passkey = await this.assertionOf(payload, body);
    const user = await usersRepository.findById(this.db, passkey.user_id);
    if (!user || user.status !== UserStatus.Enabled) throw new ValidationError(PasskeyMessage.Failed);
    return user;
  }

  /** Verifies a WebAuthn assertion against the ceremony and records the passkey's use; answers the passkey. */
  private async assertionOf(payload: CeremonyPayload, body: PasskeyLoginBody, ownerId?: number): Promise<PasskeyRow> {
    const response = body.response as unknown as AuthenticationResponseJSON;
    const passkey = typeof response.id === 'string' ? await passkeysRepository.findByCredentialId(this.db, response.id) : undefined;
    if (!passkey || (ownerId !== undefined && passkey.user_id !== ownerId)) throw new ValidationError(PasskeyMessage.Unknown);
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: payload.challenge,
        expectedOrigin: payload.rp.origins,
        expectedRPID: payload.rp.id,
        credential: { id: passkey.credential_id, publicKey: isoBase64URL.toBuffer(passkey.public_key), counter: passkey.counter, transports: splitTransports(passkey.transports) },
        requireUserVerification: true,
      });
      if (!verified.verified) throw new Error('not verified');
      newCounter = verified.authenticationInfo.newCounter;
    } catch {
      throw new ValidationError(PasskeyMessage.Failed);
    }
    if (!(await passkeysRepository.recordUse(this.db, passkey.id, passkey.counter, newCounter, this.now()))) throw new ValidationError(PasskeyMessage.Failed);
    return passkey;
  }

  /** Options for a signed-in user to confirm a sensitive action with one of their own passkeys. */
  async verificationOptions(userId: number, requestOrigin: string): Promise<PasskeyCeremony> {
    this.assertEnabled();
    const rp = relyingPartyOf(this.options, requestOrigin);
    const own = await passkeysRepository.listByUser(this.db, userId);
    if (own.length === 0) throw new ValidationError(PasskeyMessage.NoneRegistered);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      timeout: CEREMONY_SECONDS * 1000,
      allowCredentials: own.map((p) => ({ id: p.credential_id, transports: splitTransports(p.transports) })),
    });
    return this.ceremony(ChallengeKind.PasskeyVerify, userId, options.challenge, rp, options);
  }

  /** Checks the assertion of a verification ceremony: it must come from one of this user's passkeys. */
  async verifyOwner(userId: number, body: PasskeyLoginBody): Promise<void> {
    this.assertEnabled();
    const payload = await this.takeCeremony(ChallengeKind.PasskeyVerify, body.challenge_id, userId);
    await this.assertionOf(payload, body, userId);
  }

  private assertEnabled(): void {
    if (!this.options.get('passkey.enabled')) throw new AppError(ErrorCode.Forbidden, PasskeyMessage.Disabled);
  }

  private async ceremony(kind: CeremonyKind, userId: number, challenge: string, rp: RelyingParty, options: object): Promise<PasskeyCeremony> {
    const payload: CeremonyPayload = { challenge, rp };
    const id = await authChallengesRepository.create(this.db, kind, userId, JSON.stringify(payload), this.now(), CEREMONY_SECONDS);
    return { challenge_id: id, options: options as Record<string, unknown> };
  }

  /** Uses a ceremony up (each challenge answers once) and checks it belongs to this user. */
  private async takeCeremony(kind: CeremonyKind, id: string, userId: number): Promise<CeremonyPayload> {
    const found = await authChallengesRepository.take(this.db, kind, id, this.now());
    if (!found || found.userId !== userId) throw new ValidationError(PasskeyMessage.Expired);
    return JSON.parse(found.payload) as CeremonyPayload;
  }
}

function splitTransports(text: string): string[] {
  return text.split(',').filter(Boolean);
}
