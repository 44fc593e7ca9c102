/**
 * Whether an error means the database cannot be reached right now (down, restarting, failing
 * over, out of connections) rather than that a query was wrong: such a request answers 503 and
 * may be tried again; the pools reconnect on their own once the server is back.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT',
]);

/** SQLSTATE 57P01-57P03: admin or crash shutdown, starting up; 53300: too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a dropped socket or a connect timeout by message only. */
const DROPPED =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === 'object' && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))
    ) {
      // ENOENT only as a socket path that is gone (a Unix-socket DATABASE_URL), never a missing file.
      if (code !== 'ENOENT' || /\.s\.PGSQL\./.test(String(message))) return true;
    }
    if (typeof message === 'string' && DROPPED.test(message)) return true;
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
