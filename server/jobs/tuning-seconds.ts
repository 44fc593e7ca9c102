/**
 * A job's timing knob in seconds from the environment (tests shorten them to see a killed worker
 * recovered within seconds), or `fallback` when unset or not a positive number. Read when used,
 * so a test can set it before it starts a process.
 */
export function secondsFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
