/**
 * srt.speedupVsFastestPeer: parse + write of a 100,000-cue SRT with Polycue's subtitle formats
 * (plugins/subtitles/common/formats), beside the npm packages media-captions, srt-parser-2 and
 * subtitle, in the same process, on the same input (generated here from a fixed seed, CRLF as SRT
 * files are). Each library runs ITERATIONS times after WARM_UP runs, round-robin so no library
 * gets a quieter moment of the machine; the figure is the fastest peer's median / ours.
 *
 * Fairness: every library must return all 100,000 cues with the first and last cue's times right,
 * or the bench fails. media-captions only parses (it has no SRT writer), so its "write" is our
 * writer's median time on the same number of cues — which can only flatter the peer — and it is
 * fed line by line (see lineStream). Our reader does more than the peers: it strips tags and
 * tidies text; theirs return the raw text.
 * Per-library parse and write medians go to stderr.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CUES = 100_000;
const WARM_UP = 2;
const ITERATIONS = 7;
const GOAL = 2;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * media-captions' parseText enqueues every line into a ReadableStream before reading any, which
 * Node's stream queue makes quadratic (about 160 s for this file). Its documented
 * parseTextStream fed one line per pull is linear: the peer's best, so that is what is timed.
 * The line split is the same one parseText does.
 */
function lineStream(text) {
  const lines = text.split(/\r?\n|\r/gm);
  let next = 0;
  return new ReadableStream(
    {
      pull(controller) {
        if (next < lines.length) controller.enqueue(lines[next++]);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Times one call in ms; `fn` may be async (media-captions parses asynchronously). */
async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

export default async function srtFormats(ctx) {
  const { tsImport } = await import('tsx/esm/api');
  const formatsUrl = pathToFileURL(path.join(ctx.root, 'plugins/subtitles/common/formats/index.ts')).href;
  const randomUrl = pathToFileURL(path.join(ctx.root, 'plugins/subtitles/common/formats/random-cues.ts')).href;
  const { readSrt, writeSrt } = await tsImport(formatsUrl, import.meta.url);
  const { randomCues } = await tsImport(randomUrl, import.meta.url);
  const { parseTextStream } = await import('media-captions');
  const { default: SrtParser } = await import('srt-parser-2');
  const { parseSync, stringifySync } = await import('subtitle');

  // Zero-length cues are valid SRT but media-captions drops them (WebVTT rules): leave them out
  // so every library has the same 100,000 cues to read.
  const source = randomCues(CUES + CUES / 10, 2024, { styled: false, hourJumps: false })
    .filter((cue) => cue.end > cue.start)
    .slice(0, CUES);
  const input = writeSrt(source);
  // The file is written in time order; these are the cues every library must find first and last.
  const ordered = [...source].sort((a, b) => a.start - b.start || a.end - b.end);
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  ctx.log(`   input: ${CUES} cues, ${(input.length / 1e6).toFixed(1)} M characters`);

  const srtParser = new SrtParser();
  /** Each library: parse to its own cue objects, write them back to SRT, and a [start, end] in ms of cue i. */
  const libraries = [
    {
      name: 'polycue',
      parse: async () => readSrt(input),
      write: async (cues) => writeSrt(cues),
      count: (cues) => cues.length,
      times: (cues, i) => [cues[i].start, cues[i].end],
    },
    {
      name: 'media-captions',
      parse: async () => (await parseTextStream(lineStream(input), { type: 'srt' })).cues,
      write: null,
      count: (cues) => cues.length,
      times: (cues, i) => [Math.round(cues[i].startTime * 1000), Math.round(cues[i].endTime * 1000)],
    },
    {
      name: 'srt-parser-2',
      parse: async () => srtParser.fromSrt(input),
      write: async (cues) => srtParser.toSrt(cues),
      count: (cues) => cues.length,
      times: (cues, i) => [Math.round(cues[i].startSeconds * 1000), Math.round(cues[i].endSeconds * 1000)],
    },
    {
      name: 'subtitle',
      parse: async () => parseSync(input).filter((node) => node.type === 'cue'),
      write: async (cues) => stringifySync(cues, { format: 'SRT' }),
      count: (cues) => cues.length,
      times: (cues, i) => [cues[i].data.start, cues[i].data.end],
    },
  ];

  const samples = new Map(libraries.map((library) => [library.name, { parse: [], write: [] }]));
  for (let round = 0; round < WARM_UP + ITERATIONS; round++) {
    for (const library of libraries) {
      const parsed = await timed(library.parse);
      const count = library.count(parsed.result);
      if (count !== CUES) throw new Error(`${library.name} read ${count} cues instead of ${CUES}`);
      const [start, end] = library.times(parsed.result, 0);
      const [lastStart, lastEnd] = library.times(parsed.result, CUES - 1);
      if (start !== first.start || end !== first.end || lastStart !== last.start || lastEnd !== last.end) {
        throw new Error(`${library.name} read wrong times: first [${start}, ${end}], last [${lastStart}, ${lastEnd}]`);
      }
      let writeMs = null;
      if (library.write) {
        const written = await timed(() => library.write(parsed.result));
        if (typeof written.result !== 'string' || written.result.length < input.length * 0.9) {
          throw new Error(`${library.name} wrote ${written.result?.length} characters for ${input.length} read`);
        }
        writeMs = written.ms;
      }
      if (round >= WARM_UP) {
        samples.get(library.name).parse.push(parsed.ms);
        if (writeMs !== null) samples.get(library.name).write.push(writeMs);
      }
    }
  }

  const ourWrite = median(samples.get('polycue').write);
  const totals = {};
  for (const library of libraries) {
    const { parse, write } = samples.get(library.name);
    const parseMs = median(parse);
    const writeMs = write.length > 0 ? median(write) : ourWrite;
    totals[library.name] = parseMs + writeMs;
    const note = write.length > 0 ? '' : ' (write: our writer, the peer has none)';
    ctx.log(
      `   ${library.name.padEnd(15)} parse ${parseMs.toFixed(1).padStart(7)} ms  write ${writeMs.toFixed(1).padStart(7)} ms  total ${totals[library.name].toFixed(1).padStart(7)} ms${note}`,
    );
  }
  const peers = Object.entries(totals).filter(([name]) => name !== 'polycue');
  const [fastestName, fastestMs] = peers.reduce((best, entry) => (entry[1] < best[1] ? entry : best));
  const speedup = fastestMs / totals.polycue;
  ctx.log(`   fastest peer: ${fastestName}; speedup ${speedup.toFixed(2)}x`);

  return {
    'srt.speedupVsFastestPeer': { value: Number(speedup.toFixed(2)), unit: 'x', goal: `>= ${GOAL}` },
  };
}
