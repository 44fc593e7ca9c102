/**
 * How deliveries are retried and cut short. The defaults are Standard Webhooks' suggested
 * schedule: 8 attempts, the retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the one
 * before, so the last comes about 27 h 35 min after the first (more than a day: a receiver down
 * over a night and a morning still gets everything). Tests shorten it through the environment
 * (WEBHOOK_RETRY_DELAYS_SECONDS="1,1": three attempts, a second apart); production never sets it.
 */
export const DEFAULT_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** One attempt's whole exchange; a receiver should answer at once and work afterwards. */
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** What the delivery log keeps of an answer's body. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface DeliveryTuning {
  /** The wait before each retry; attempts = retries + 1. */
  retryDelaysSeconds: number[];
  timeoutMs: number;
}

export const maxAttemptsOf = (tuning: DeliveryTuning) => tuning.retryDelaysSeconds.length + 1;

/** Read at each attempt (cheap), so a test may set the variables before it publishes. */
export function deliveryTuningFromEnv(env: Record<string, string | undefined> = process.env): DeliveryTuning {
  const raw = env.WEBHOOK_RETRY_DELAYS_SECONDS?.trim();
  const delays = raw ? raw.split(',').map((part) => Number(part.trim())) : [...DEFAULT_RETRY_DELAYS_SECONDS];
  const valid = delays.length <= 20 && delays.every((delay) => Number.isInteger(delay) && delay >= 0);
  const timeout = Number(env.WEBHOOK_TIMEOUT_SECONDS ?? DEFAULT_TIMEOUT_SECONDS);
  return {
    retryDelaysSeconds: valid ? delays : [...DEFAULT_RETRY_DELAYS_SECONDS],
    timeoutMs: (Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_SECONDS) * 1000,
  };
}
