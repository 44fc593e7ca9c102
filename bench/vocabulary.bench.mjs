/**
 * vocabulary.namesFoundWithList / vocabulary.namesFoundPlain / vocabulary.wer*: words the default
 * dictionary lacks (invented names and brands in six sentences spoken by espeak-ng, three voices),
 * recognised by the embedded engine with and without a vocabulary list of those names
 * (bench/vocabulary-run.mts under tsx). The list should find more names than no list, and
 * vocabulary.falseNamesWithList counts list words heard where none was said (a boost or threshold
 * set too eagerly shows there).
 */
import { spawn } from 'node:child_process';

export default async function vocabulary(ctx) {
  const output = await new Promise((resolve, reject) => {
    let text = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/vocabulary-run.mts'], { cwd: ctx.root, stdio: ['ignore', 'pipe', 2], env: process.env });
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`vocabulary-run exited with ${code}`))));
  });
  const { plain, withList, names, sentences } = JSON.parse(output.trim().split('\n').pop());
  const share = (found) => Math.round((found / names) * 1000) / 10;
  ctx.log(`   ${sentences} sentences, ${names} names the dictionary lacks`);
  ctx.log(`   names found: ${plain.found} without the list, ${withList.found} with it (${withList.falseNames} heard where not said)`);
  return {
    'vocabulary.namesFoundPlainPct': { value: share(plain.found), unit: '%' },
    'vocabulary.namesFoundWithListPct': { value: share(withList.found), unit: '%', goal: `> ${share(plain.found)}` },
    'vocabulary.falseNamesWithList': { value: withList.falseNames, unit: '', goal: '<= 0' },
    'vocabulary.werPlain': { value: Math.round((plain.wer / sentences) * 100) / 100, unit: '' },
    'vocabulary.werWithList': { value: Math.round((withList.wer / sentences) * 100) / 100, unit: '', goal: `< ${Math.round((plain.wer / sentences) * 100) / 100}` },
  };
}
