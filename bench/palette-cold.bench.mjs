/**
 * palette.coldOpenMs / palette.coldHighlightMs: the palette on a cold page of the real app (its
 * code not yet used there), as a keyboard user meets it right after a page load: Ctrl+K, then
 * "Open profile" typed at full speed (bench/palette-cold-run.mts, on the built app and its own
 * server). Medians over 15 fresh page loads: keydown to the first frame with the search box, and
 * the last key to the first frame with the typed command highlighted.
 */
import { spawn } from 'node:child_process';
import { staleBuildReason, viteBuild } from '../scripts/lib/build.mjs';
import { median } from './lib/browser-bench.mjs';

const OPEN_GOAL_MS = 50;
const HIGHLIGHT_GOAL_MS = 100;

export default async function paletteCold(ctx) {
  const reason = staleBuildReason();
  if (reason !== null) {
    ctx.log(`   vite build (${reason})`);
    const code = await viteBuild({ stdio: ['ignore', 2, 2] });
    if (code !== 0) throw new Error(`vite build failed (exit ${code})`);
  }
  const output = await new Promise((resolve, reject) => {
    let text = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/palette-cold-run.mts'], {
      cwd: ctx.root,
      stdio: ['ignore', 'pipe', 2],
      env: process.env,
    });
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`palette-cold-run exited with ${code}`)),
    );
  });
  const { open, highlight } = JSON.parse(output.trim().split('\n').pop());
  const range = (values) =>
    `min ${Math.min(...values).toFixed(1)}, median ${median(values).toFixed(1)}, max ${Math.max(...values).toFixed(1)} ms`;
  ctx.log(`   ${open.length} cold page loads`);
  ctx.log(`   Ctrl+K to the search box painted: ${range(open)}`);
  ctx.log(`   last key to "Open profile" highlighted: ${range(highlight)}`);
  return {
    'palette.coldOpenMs': { value: Math.round(median(open) * 10) / 10, unit: 'ms', goal: `<= ${OPEN_GOAL_MS}` },
    'palette.coldHighlightMs': {
      value: Math.round(median(highlight) * 10) / 10,
      unit: 'ms',
      goal: `<= ${HIGHLIGHT_GOAL_MS}`,
    },
  };
}
