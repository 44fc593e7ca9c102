import type { ProjectVersionListContribution } from '../../projects/server/extension-points';

/**
 * `processing` of each project version in the projects list: its latest run, so the status
 * column says what happened: its kind and state, how far it got (done steps of all), the step
 * that failed and why, the languages it dubbed, and whether a done run heard no speech at all.
 * Null before the first run. Only a voice-over run (kind 'tts') dubs (run-repository.ts, stepsFor),
 * so a plain run's dubbed languages are not looked up, and "no speech" is kept on the run when it
 * finishes (finish-step.ts): per row of the page one index probe (the run) where there were three.
 * Written by `to_json` of a row rather than `json_build_object`, which inspects every argument's
 * type on every call: with the subtitles column the same way, a page of 50 rows costs PostgreSQL
 * 0.72 ms instead of 0.89 (docs/capacity.md, fourth pass).
 */
export const pipelineListContribution: ProjectVersionListContribution = {
  id: 'pipeline',
  column: {
    attribute: 'processing',
    sql: `(SELECT to_json(p) FROM pipeline_runs r CROSS JOIN LATERAL (SELECT r.kind, r.state,
     r.failure_step AS "failureStep", r.failure_message AS failure,
     CASE WHEN r.state = 'done' THEN 1 ELSE (SELECT count(*) FILTER (WHERE st.state = 'done')::float / greatest(count(*), 1) FROM pipeline_steps st WHERE st.run_id = r.id) END AS progress,
     CASE WHEN r.kind = 'tts' THEN (SELECT coalesce(json_agg(d.language ORDER BY d.language), '[]') FROM pipeline_dubbed_media d WHERE d.run_id = r.id) ELSE '[]' END AS dubbed,
     r.state = 'done' AND r.no_speech AS "noSpeech") p
   WHERE r.project_version_id = v.id ORDER BY r.id DESC LIMIT 1)`,
  },
};
