import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) =>
  isoBase64URL.fromBuffer(typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data));

/** WebAuthn flags of the authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

/**
 * A passkey in software, for HTTP tests: one ES256 (P-256) key made with node:crypto, answering
 * `navigator.credentials.create()` with attestation "none" and `get()` with signed assertions,
 * as JSON in the shape `@simplewebauthn/browser` posts. Its counter goes up on each use; a test
 * may set it back to play a cloned key.
 */
export class SoftwareAuthenticator {
  readonly credentialId = b64url(randomBytes(16));
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): string {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false });
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The answer to registration options (`POST …/passkeys/options`'s `data`). */
  register(options: Options, overrides: { origin?: string } = {}) {
    const rpId = options.rp?.id ?? new URL(this.origin).hostname;
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
        [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
      ]),
    );
    const id = isoBase64URL.toBuffer(this.credentialId);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(this.authData(rpId, UP | UV | AT, attested))],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, overrides.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The signed answer to authentication options (`POST /users/two_factor/methods`' `passkey`). */
  assert(options: Options, overrides: { challenge?: string } = {}) {
    this.counter += 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = this.authData(rpId, UP | UV);
    const clientDataJSON = this.clientData('webauthn.get', overrides.challenge ?? options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
