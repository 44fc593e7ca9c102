/**
 * Exit codes a script can trust (`polycue … || handle $?`). Documented in docs/cli.md; never
 * renumbered (a new meaning gets a new number).
 */
export const EXIT = {
  ok: 0,
  /** The work itself failed: a processing run failed, an upload was refused for its content. */
  workFailed: 1,
  /** The command line was wrong (unknown option, missing argument): nothing was sent. */
  usage: 2,
  /** No token, or the server refused it (401: revoked or expired; 403: not allowed to). */
  auth: 3,
  /** What was named does not exist, or is in another workspace (404). */
  notFound: 4,
  /** The server said no to the request as sent (422, 402 plan limit, 409, 413…): its message is printed. */
  refused: 5,
  /** The server could not be reached, or answered 5xx: trying again later may work. */
  unavailable: 6,
  /** `wait` gave up after --timeout. */
  timedOut: 7,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI reports in one line on stderr and exits with its code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The exit code of an HTTP status the server answered with. */
export function exitCodeOfStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status >= 500) return EXIT.unavailable;
  return EXIT.refused;
}
