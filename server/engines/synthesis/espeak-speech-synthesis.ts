import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SpeechSynthesisEngine, SynthesizedClip, SynthesizeOptions, Voice } from '../engine-interfaces';
import { runProcess } from '../process-runner';
import { wavDurationMs } from '../wav-file';
import { parseEspeakVoices } from './espeak-voices';

export const ESPEAK_DEFAULT_WPM = 175;
export const ESPEAK_MIN_WPM = 80;
export const ESPEAK_MAX_WPM = 450;
/** Within 5 % of the window a second take is not worth it: isochrony's time-stretch closes the rest. */
const CLOSE_ENOUGH = 0.05;

/**
 * Speech synthesis with espeak-ng, one voice per language. Given a cue window, it speaks once
 * at the default rate, measures, and speaks again at the rate that fills the window (espeak's
 * duration is close to inversely proportional to -s); the exact fit is the pipeline's
 * isochrony step.
 */
export class EspeakSpeechSynthesis implements SpeechSynthesisEngine {
  readonly name = 'espeak-ng';
  private voiceList: Promise<Voice[]> | null = null;

  voices(): Promise<Voice[]> {
    this.voiceList ??= runProcess('espeak-ng', ['--voices'], { timeoutMs: 30_000 })
      .then(({ stdout }) => parseEspeakVoices(stdout))
      .catch((error: unknown) => {
        this.voiceList = null;
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      });
    return this.voiceList;
  }

  async synthesize(text: string, options: SynthesizeOptions): Promise<SynthesizedClip> {
    const voice =
      options.voice ??
      (await this.voices()).find((candidate) => candidate.language === options.language.toLowerCase().split(/[-_]/)[0])
        ?.voice;
    if (!voice) throw new Error(`espeak-ng has no voice for language "${options.language}"`);
    const outputPath =
      options.outputPath ?? path.join(await mkdtemp(path.join(os.tmpdir(), 'polycue-tts-')), 'speech.wav');
    let wpm = options.speedWpm ?? ESPEAK_DEFAULT_WPM;
    let durationMs = await this.speak(text, voice, wpm, outputPath, options.signal);
    const target = options.targetDurationMs;
    if (target && !options.speedWpm && durationMs > 0 && Math.abs(durationMs - target) / target > CLOSE_ENOUGH) {
      const fitted = Math.round(Math.min(ESPEAK_MAX_WPM, Math.max(ESPEAK_MIN_WPM, (wpm * durationMs) / target)));
      if (fitted !== wpm) {
        wpm = fitted;
        durationMs = await this.speak(text, voice, wpm, outputPath, options.signal);
      }
    }
    return { path: outputPath, durationMs };
  }

  private async speak(
    text: string,
    voice: string,
    wpm: number,
    outputPath: string,
    signal?: AbortSignal,
  ): Promise<number> {
    // Text on stdin: a cue starting with "-" would otherwise be read as an option.
    await runProcess('espeak-ng', ['-v', voice, '-s', String(wpm), '-w', outputPath], {
      input: text,
      signal,
      timeoutMs: 120_000,
    });
    return wavDurationMs(outputPath);
  }
}
