import type { ProjectVersionListContribution } from '../../projects/server/extension-points';

/**
 * `processing` of each project version in the projects list: its latest run, so the status
 * column says what happened: its kind and state, how far it got (done steps of all), the step
 * that failed and why, the languages it dubbed, and whether a done run heard no speech at all.
 * Null before the first run. Only a voice-over run (kind 'tts') dubs (run-repository.ts, stepsFor),
 * so a plain run's dubbed languages are not looked up: one index probe less per row of the page.
 */
export const pipelineListContribution: ProjectVersionListContribution = {
  id: 'pipeline',
  column: {
    attribute: 'processing',
    sql: `(SELECT json_build_object(
     'kind', r.kind, 'state', r.state, 'failureStep', r.failure_step, 'failure', r.failure_message,
     'progress', CASE WHEN r.state = 'done' THEN 1 ELSE (SELECT count(*) FILTER (WHERE st.state = 'done')::float / greatest(count(*), 1) FROM pipeline_steps st WHERE st.run_id = r.id) END,
     'dubbed', CASE WHEN r.kind = 'tts' THEN (SELECT coalesce(json_agg(d.language ORDER BY d.language), '[]') FROM pipeline_dubbed_media d WHERE d.run_id = r.id) ELSE '[]' END,
     'noSpeech', r.state = 'done' AND EXISTS (SELECT 1 FROM pipeline_steps st WHERE st.run_id = r.id AND st.step = 'segmentation' AND st.state = 'done' AND st.output->>'words' = '0'))
   FROM pipeline_runs r WHERE r.project_version_id = v.id ORDER BY r.id DESC LIMIT 1)`,
  },
};
