import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks 1.0 headers for one message, made by the `standardwebhooks` package (the
 * specification's own library): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the
 * secret's bytes. During a roll, the previous secret signs too: the header then carries both
 * signatures, space-separated, and a receiver holding either secret accepts it.
 */
export function signatureHeaders(
  message: { id: string; body: string; at: Date },
  secrets: string[],
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(message.id, message.at, message.body));
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
