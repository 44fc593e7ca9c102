import type { Plan } from '../common/billing-contract';

const gigabytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${Math.round(bytes / 1024 ** 3)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;

/** A plan's limits as people read them, from the plan catalogue (common/plans.ts) the server enforces. */
export function limitsOf(plan: Plan): string[] {
  const { limits } = plan;
  return [
    `${limits.minutesPerMonth} minutes a month`,
    `videos up to ${gigabytes(limits.maxVideoBytes)}`,
    `${limits.targetLanguagesPerRun} target language${limits.targetLanguagesPerRun === 1 ? '' : 's'} a run`,
    limits.voiceOversPerMonth > 0 ? `${limits.voiceOversPerMonth} voice-overs a month` : 'no voice-overs',
    limits.voiceCloning ? 'voice cloning' : 'no voice cloning',
    `${limits.seats} people`,
    `audit log kept ${limits.auditLogDays} days`,
  ];
}
