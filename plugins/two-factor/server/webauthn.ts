import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { StoredPasskey } from './passkey-repository';

/**
 * The relying party is the address people use, `PUBLIC_URL` (server/config.ts): its host is the
 * RP ID a passkey is bound to, its origin the one the browser must report. Behind a proxy the
 * request's own Host may differ; the configured address is the one the keys were made for.
 */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { name, id: url.hostname, origin: url.origin };
}

/** The challenge an answer carries (in its client data), or null when the answer cannot be read. */
export function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const challenge = decodeClientDataJSON(response.response.clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge !== '' ? challenge : null;
  } catch {
    return null;
  }
}

const toKeyList = (keys: StoredPasskey[]) =>
  keys.map((key) => ({ id: key.credentialId, transports: key.transports as AuthenticatorTransport[] }));

export function registrationOptions(rp: RelyingParty, user: { id: string; email: string }, existing: StoredPasskey[]) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    // A stable handle per user (not their e-mail): a second key on the same authenticator is refused by excludeCredentials.
    userID: isoUint8Array.fromUTF8String(`polycue-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: toKeyList(existing),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

export function authenticationOptions(rp: RelyingParty, keys: StoredPasskey[]) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: toKeyList(keys),
    userVerification: 'preferred',
  });
}

/** The new key when the answer is valid for the challenge, this site and origin; else null. */
export async function verifiedRegistration(rp: RelyingParty, response: RegistrationResponseJSON, challenge: string) {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A second factor after the password: presence is enough, a PIN or fingerprint is the key's business.
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      signCount: credential.counter,
      transports: (credential.transports ?? []) as string[],
    };
  } catch {
    return null;
  }
}

/** The key's new counter when the answer is signed by `key` for the challenge, site and origin; else null. */
export async function verifiedAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  key: StoredPasskey,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.credentialId,
        publicKey: key.publicKey,
        counter: key.signCount,
        transports: key.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
