import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** Codes one 30 s step early or late still count (a phone's clock drifts; typing takes time). */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** What an authenticator app scans: `otpauth://totp/Polycue:<email>?secret=…&issuer=Polycue`. */
export async function totpSetup(secret: string, email: string, issuer: string) {
  const otpauthUrl = generateURI({ issuer, label: email, secret });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 })).toString('base64')}`;
  return { secret, otpauthUrl, qrCode };
}

/**
 * The code's time step when it is valid for the secret and newer than `lastTimeStep` (a code
 * already used, or an older one, is refused: each code works once), else null.
 */
export async function acceptedTimeStep(secret: string, code: string, lastTimeStep: number): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS });
    // otplib's verify types TOTP and HOTP results together; a TOTP result carries its time step.
    if (!result.valid || !('timeStep' in result) || typeof result.timeStep !== 'number') return null;
    return result.timeStep > lastTimeStep ? result.timeStep : null;
  } catch {
    return null;
  }
}
