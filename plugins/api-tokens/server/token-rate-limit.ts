/**
 * Requests per token in fixed one-minute windows, in this web process (several web processes
 * each count their own share: the limit is per process, like the log-in limit). A window's
 * counts are dropped together when it ends, so memory stays bounded by one minute's tokens.
 */
export class TokenRateLimit {
  private counts = new Map<string, number>();
  private windowEnds = 0;

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; what the `RateLimit-*` headers say about it. */
  hit(key: string): { limit: number; remaining: number; resetSeconds: number; allowed: boolean } {
    const now = this.now();
    if (now >= this.windowEnds) {
      this.counts = new Map();
      this.windowEnds = now + this.windowMs;
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - count),
      resetSeconds: Math.max(1, Math.ceil((this.windowEnds - now) / 1000)),
      allowed: count <= this.limit,
    };
  }
}

/** API_TOKEN_RATE_LIMIT: requests per minute per token (default 600). */
export function tokenRateLimitFromEnv(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.API_TOKEN_RATE_LIMIT ?? '600');
  return Number.isInteger(value) && value > 0 ? value : 600;
}
