/**
 * vocabulary.nameHitRatePct: the share of invented names (24, in 20 sentences spoken by espeak-ng
 * in five voices; bench/vocabulary-run.mts under tsx) that a vocabulary list of those names gets
 * onto the screen at the right time: a cue holding the name overlaps the time it is said. Also the
 * same without the list, names found at the wrong time, list words heard where none was said (a
 * threshold set too eagerly shows there) and the word error rate of the whole sentences.
 * Measured: 100 % (24 of 24) at the right time, none at the wrong time, 8 list words heard where
 * none was said, WER 0.55 with the list vs 0.86 without. Before: 87.5 % and 9; 91.7 % and 8 once
 * a permissive spotting pass was verified on each spot's own frames
 * (server/engines/speech-to-text/spot-verification.ts); 100 % with broad-vowel pronunciations
 * (pronunciations.ts), which found Lumbergast and Tresmolin.
 */
import { spawn } from 'node:child_process';

const GOAL_PCT = 90;

export default async function vocabulary(ctx) {
  const output = await new Promise((resolve, reject) => {
    let text = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/vocabulary-run.mts'], {
      cwd: ctx.root,
      stdio: ['ignore', 'pipe', 2],
      env: process.env,
    });
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`vocabulary-run exited with ${code}`))));
  });
  const { plain, withList, names, distinctNames, sentences, referenceWords, audioSeconds, listSize } = JSON.parse(
    output.trim().split('\n').pop(),
  );
  const share = (count) => Math.round((count / names) * 1000) / 10;
  const rate = (errors) => Math.round((errors / referenceWords) * 100) / 100;
  ctx.log(
    `   ${sentences} sentences (${audioSeconds.toFixed(0)} s), ${names} names said (${distinctNames} distinct, none in the dictionary), a list of ${listSize}`,
  );
  ctx.log(
    `   without the list: ${plain.hits} at the right time, ${plain.misplaced} at the wrong time, ${plain.missed} missed (${plain.seconds.toFixed(0)} s)`,
  );
  ctx.log(
    `   with the list:    ${withList.hits} at the right time, ${withList.misplaced} at the wrong time, ${withList.missed} missed, ${withList.falseNames} heard where not said (${withList.seconds.toFixed(0)} s)`,
  );
  return {
    'vocabulary.nameHitRatePct': { value: share(withList.hits), unit: '%', goal: `>= ${GOAL_PCT}` },
    'vocabulary.nameHitRatePlainPct': { value: share(plain.hits), unit: '%' },
    'vocabulary.namesMisplacedWithList': { value: withList.misplaced, unit: '' },
    'vocabulary.falseNamesWithList': { value: withList.falseNames, unit: '', goal: '<= 1' },
    'vocabulary.werPlain': { value: rate(plain.wordErrors), unit: '' },
    'vocabulary.werWithList': { value: rate(withList.wordErrors), unit: '', goal: `< ${rate(plain.wordErrors)}` },
  };
}
