import { PASSKEY_NAME_MAX_LENGTH } from '../common/passkeys-contract';

/**
 * base64url text of a ceremony (ids, client data, signatures): bounded, so a body cannot be huge.
 * Its alphabet is left to `@simplewebauthn/server`, whose refusal is the clear 4xx people read.
 */
const base64url = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

/**
 * The authenticator's answer as `@simplewebauthn/browser` sends it: the fields the server reads
 * are checked here, their content by `@simplewebauthn/server`.
 */
function answer(fields: Record<string, object>, required: string[]) {
  return {
    type: 'object',
    required: ['id', 'rawId', 'type', 'response'],
    properties: {
      id: base64url(1366),
      rawId: base64url(1366),
      type: { type: 'string', enum: ['public-key'] },
      authenticatorAttachment: { type: 'string', maxLength: 40 },
      clientExtensionResults: { type: 'object' },
      response: {
        type: 'object',
        required: ['clientDataJSON', ...required],
        properties: { clientDataJSON: base64url(8192), ...fields },
      },
    },
  } as const;
}

export const registrationAnswer = answer(
  {
    attestationObject: base64url(16384),
    authenticatorData: base64url(8192),
    publicKey: base64url(8192),
    publicKeyAlgorithm: { type: 'integer' },
    transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 40 } },
  },
  ['attestationObject'],
);

export const authenticationAnswer = answer(
  {
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: { type: 'string', maxLength: 1366 },
  },
  ['authenticatorData', 'signature'],
);

export const passkeyName = { type: 'string', minLength: 1, maxLength: PASSKEY_NAME_MAX_LENGTH } as const;

export const passkeySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    createdAt: { type: 'string' },
    lastUsedAt: { type: ['string', 'null'] },
  },
} as const;

/** WebAuthn options: the library's JSON, passed on whole (nested objects included). */
export const optionsSchema = { type: 'object', additionalProperties: true } as const;
