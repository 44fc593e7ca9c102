/** The render job's queue and data: named here so the job, its watchdog and the routes share one name. */
export const EXPORT_JOB = 'exports.render';

export interface ExportJobData {
  exportationId: string;
}
