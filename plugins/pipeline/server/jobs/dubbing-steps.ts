import { writeFile } from 'node:fs/promises';
import {
  muxAudio,
  defaultEngines,
  runProcess,
  wavDurationMs,
  type SpeechSynthesisEngine,
} from '../../../../server/plugin-api';
import type { StoredCue } from '../../../subtitles/common/subtitle-store';
import { duckingArgs, planClipFit } from '../craft/index';
import { PipelineFailure } from './step-errors';
import { subtitleStore } from './subtitle-steps';
import type { StepDefinition, StepExecution } from './step-runner';
import { runKey } from './work-files';

/** A fitted clip of one cue: plays from `startMs`, at most `windowMs` long. */
export interface DubbedClip {
  index: number;
  startMs: number;
  windowMs: number;
  durationMs: number;
  key: string;
}

const FFMPEG = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
/** Cues synthesised at once: espeak and ffmpeg are child processes, one per core. */
const SYNTHESIS_PARALLELISM = 2;

async function cuesOf(execution: StepExecution, language: string): Promise<StoredCue[]> {
  const { ctx, run } = execution;
  const store = subtitleStore(execution);
  if (language === run.settings.language) return store.readCues(ctx.db, run.transcriptSubtitleId);
  const subtitle = (await store.listForProjectVersion(ctx.db, run.projectVersionId)).find(
    (s) => s.language === language,
  );
  return subtitle ? store.readCues(ctx.db, subtitle.id) : [];
}

/** Seconds of the speaker an instant clone is made from (the services ask for one to a few minutes). */
const CLONE_SAMPLE_SECONDS = 90;

/**
 * The engine and voice a run's cues are spoken with: the synthesis engine's own voice, or for a
 * voice-cloning run a voice made from the speaker (from the first cue on, CLONE_SAMPLE_SECONDS),
 * forgotten by `release` once the cues are spoken.
 */
async function voiceFor(
  execution: StepExecution,
  language: string,
): Promise<{ engine: SpeechSynthesisEngine; voice?: string; release(): Promise<void> }> {
  const { run, files, signal } = execution;
  if (!run.settings.voiceCloning) return { engine: defaultEngines().speechSynthesis, release: async () => undefined };
  const cloning = defaultEngines().voiceCloning;
  // Set-up refuses cloning without an engine; a worker configured differently from the web says so plainly.
  if (!cloning) throw new PipelineFailure('No voice cloning engine is set up on this server (VOICE_CLONING_ENGINE)');
  const transcript = await subtitleStore(execution).readCues(execution.ctx.db, run.transcriptSubtitleId);
  const fromMs = transcript.find((cue) => cue.text.trim() !== '')?.start ?? 0;
  const sample = await files.scratch(`clone-sample-${language}.wav`);
  try {
    await runProcess(
      'ffmpeg',
      [
        ...FFMPEG,
        '-ss',
        String(fromMs / 1000),
        '-t',
        String(CLONE_SAMPLE_SECONDS),
        '-i',
        await files.audio(),
        '-c:a',
        'pcm_s16le',
        sample,
      ],
      { timeoutMs: 120_000, signal },
    );
    const voice = await cloning.cloneVoice(sample, { name: `polycue-run-${run.id}-${language}`, signal });
    return { engine: cloning, voice, release: () => cloning.forgetVoice(voice) };
  } finally {
    await files.discard(sample);
  }
}

/** One job per dubbing language: each cue spoken by the language's voice (or the speaker's, cloned) and fitted to its window (isochrony). */
export const synthesisStep: StepDefinition = {
  step: 'synthesis',
  async execute(execution) {
    const { run, part: language, files, signal, complete } = execution;
    const cues = await cuesOf(execution, language);
    const speaker = await voiceFor(execution, language);
    const clips: DubbedClip[] = [];
    const queue = cues
      .map((cue, index) => ({ cue, index }))
      .filter(({ cue }) => cue.text.trim() !== '' && cue.end > cue.start);
    const synthesize = async ({ cue, index }: (typeof queue)[number]) => {
      const window = { start: cue.start, end: cue.end };
      const raw = await files.scratch(`tts-${language}-${index}.wav`);
      const fitted = await files.scratch(`fit-${language}-${index}.wav`);
      try {
        const spoken = await speaker.engine.synthesize(cue.text.replace(/\s*\n\s*/g, ' '), {
          language,
          voice: speaker.voice,
          targetDurationMs: cue.end - cue.start,
          outputPath: raw,
          signal,
        });
        const plan = planClipFit(window, spoken.durationMs);
        await runProcess('ffmpeg', [...FFMPEG, '-i', raw, '-af', plan.filter, '-c:a', 'pcm_s16le', fitted], {
          timeoutMs: 120_000,
          signal,
        });
        const key = runKey(run.id, `dub/${language}/${index}.wav`);
        await files.toStorage(fitted, key, 'audio/wav');
        clips.push({
          index,
          startMs: cue.start,
          windowMs: plan.windowMs,
          durationMs: await wavDurationMs(fitted),
          key,
        });
      } finally {
        await Promise.all([files.discard(raw), files.discard(fitted)]);
      }
    };
    try {
      for (let at = 0; at < queue.length; at += SYNTHESIS_PARALLELISM) {
        await Promise.all(queue.slice(at, at + SYNTHESIS_PARALLELISM).map(synthesize));
      }
    } finally {
      await speaker.release();
    }
    clips.sort((a, b) => a.index - b.index);
    await complete(undefined, { clips });
  },
};

/** One job per dubbing language: the voice laid over the original, ducked under it; then the dubbed video. */
export const mixingStep: StepDefinition = {
  step: 'mixing',
  async execute(execution) {
    const { ctx, run, part: language, files, signal, complete } = execution;
    const { rows } = await ctx.db.query<{ step: string; output: any }>(
      `SELECT step, output FROM pipeline_steps WHERE run_id = $1 AND ((step = 'synthesis' AND part = $2) OR step = 'probe')`,
      [run.id, language],
    );
    const clips: DubbedClip[] = rows.find((row) => row.step === 'synthesis')?.output?.clips ?? [];
    const hasVideo = Boolean(rows.find((row) => row.step === 'probe')?.output?.hasVideo);
    const source = await files.source();
    const voiceClips = await Promise.all(
      clips.map(async (clip) => ({
        path: await files.fromStorage(clip.key, `clip-${language}-${clip.index}.wav`),
        startMs: clip.startMs,
        durationMs: clip.durationMs,
      })),
    );
    const audio = await files.scratch(`dubbed-${language}.m4a`);
    const script = files.path(`mix-${language}.filtergraph`);
    const { args, filterGraph } = duckingArgs({
      originalPath: source,
      clips: voiceClips,
      outputPath: audio,
      filterScriptPath: script,
      outputArgs: ['-vn', '-c:a', 'aac', '-b:a', '160k'],
    });
    await writeFile(script, filterGraph);
    await runProcess('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      timeoutMs: 6 * 60 * 60 * 1000,
      signal,
    });
    const base = `dubbed/${run.workspaceId}/${run.projectVersionId}/${run.id}-${language}`;
    await files.toStorage(audio, `${base}.m4a`, 'audio/mp4');
    let videoKey: string | null = null;
    if (hasVideo) {
      const video = await files.scratch(`dubbed-${language}.mp4`);
      await muxAudio(source, audio, video, { signal });
      videoKey = `${base}.mp4`;
      await files.toStorage(video, videoKey, 'video/mp4');
      await files.discard(video);
    }
    await files.discard(audio);
    await complete(
      async (tx) => {
        await tx.query('DELETE FROM pipeline_dubbed_media WHERE run_id = $1 AND language = $2', [run.id, language]);
        await tx.query(
          `INSERT INTO pipeline_dubbed_media (run_id, project_version_id, language, audio_key, video_key, clips) VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            run.id,
            run.projectVersionId,
            language,
            `${base}.m4a`,
            videoKey,
            JSON.stringify(clips.map(({ key: _key, ...clip }) => clip)),
          ],
        );
      },
      { audioKey: `${base}.m4a`, videoKey },
    );
  },
};
