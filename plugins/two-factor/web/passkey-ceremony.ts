import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_MESSAGES as MESSAGES } from '../common/passkeys-contract';

/**
 * The browser's side of a WebAuthn ceremony. `@simplewebauthn/browser` is imported here, on
 * first use, so it travels in its own chunk: neither the initial JavaScript nor the TOTP pages
 * carry it. Its errors become the sentence people read (a cancelled prompt is not a failure of theirs).
 */
function sentenceOf(error: unknown): Error {
  const name = (error as { name?: string })?.name;
  const code = (error as { code?: string })?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return new Error(MESSAGES.alreadyRegistered);
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return new Error(MESSAGES.cancelled);
  return error instanceof Error ? error : new Error(String(error));
}

export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw sentenceOf(error);
  }
}

export async function answerWithPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw sentenceOf(error);
  }
}
