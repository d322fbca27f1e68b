import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software (tests only): one P-256 (ES256) credential, "none" attestation,
 * user presence and verification always given, a signature counter that goes up by one per assertion.
 * It produces exactly what a browser's navigator.credentials.create/get would hand the page, as JSON.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys: { publicKey: KeyObject; privateKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {}

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** The answer to navigator.credentials.create() for these options. */
  register(options: { challenge: string; user?: { id: string } }, origin = this.origin) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const credLength = Buffer.alloc(2);
    credLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      this.counterBytes(),
      Buffer.alloc(16), // AAGUID
      credLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestation = new Map<string, string | Map<string, string> | Uint8Array>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', authData);
    const attestationObject = isoCBOR.encode(attestation);
    return this.credential({
      clientDataJSON: clientDataJSON.toString('base64url'),
      attestationObject: Buffer.from(attestationObject).toString('base64url'),
      transports: ['internal'],
    });
  }

  /** The answer to navigator.credentials.get() for these options (counter + 1 unless `counter` is given). */
  authenticate(options: { challenge: string }, opts: { origin?: string; counter?: number; userHandle?: string } = {}) {
    this.counter = opts.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin ?? this.origin);
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([0x05]), this.counterBytes()]);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), this.keys.privateKey);
    return this.credential({
      clientDataJSON: clientDataJSON.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url'),
      ...(opts.userHandle ? { userHandle: opts.userHandle } : {}),
    });
  }

  /** The PublicKeyCredential (as JSON) around an authenticator response. */
  private credential<T>(response: T) {
    return { id: this.id, rawId: this.id, type: 'public-key', clientExtensionResults: {}, authenticatorAttachment: 'platform', response };
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private rpIdHash(): Buffer {
    return createHash('sha256').update(this.rpId).digest();
  }

  private counterBytes(): Buffer {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(this.counter);
    return b;
  }
}
