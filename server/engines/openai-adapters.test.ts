import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SpeechToTextAlignment } from './alignment/speech-to-text-alignment';
import { loadEngineConfig } from './engine-config';
import { createEngines } from './engine-registry';
import { OpenAiSpeechToText } from './speech-to-text/openai-speech-to-text';
import { OpenAiSpeechSynthesis } from './synthesis/openai-speech-synthesis';
import { craftTermBase } from './translation/craft-term-base';
import { OpenAiTranslation } from './translation/openai-translation';

/** A small stand-in for an OpenAI-compatible service: records each request, answers from `reply`. */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
let server: Server;
let baseUrl: string;
let requests: Recorded[];
let reply: (request: Recorded, response: ServerResponse) => void;
let dir: string;

function silentWav(ms: number): Buffer {
  const samples = Math.round((16_000 * ms) / 1000);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

const json = (response: ServerResponse, value: unknown) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-openai-test-'));
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      reply(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  requests = [];
});

describe('OpenAI-compatible speech to text', () => {
  it('posts the audio as multipart with word timestamps asked for and reads the words back', async () => {
    reply = (_request, response) =>
      json(response, {
        text: 'Hello Polycue',
        words: [
          { word: ' Hello', start: 0.1, end: 0.5 },
          { word: 'Polycue', start: 0.6, end: 1.2, probability: 0.8 },
        ],
      });
    const audio = path.join(dir, 'a.wav');
    await writeFile(audio, silentWav(1_500));
    const engine = new OpenAiSpeechToText({ baseUrl, apiKey: 'k-123', model: 'whisper-large' }, ['en', 'de']);
    const words = await engine.transcribe(audio, { language: 'en', vocabulary: ['Polycue', 'Zorbatron'] });

    expect(words).toEqual([
      { text: 'Hello', start: 100, end: 500, confidence: 1 },
      { text: 'Polycue', start: 600, end: 1_200, confidence: 0.8 },
    ]);
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/audio/transcriptions' });
    expect(request!.headers.authorization).toBe('Bearer k-123');
    expect(request!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(new Uint8Array(request!.body), {
      headers: { 'content-type': request!.headers['content-type']! },
    }).formData();
    expect(form.get('model')).toBe('whisper-large');
    expect(form.get('language')).toBe('en');
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.getAll('timestamp_granularities[]')).toEqual(['word']);
    expect(form.get('prompt')).toBe('Polycue, Zorbatron');
    expect((form.get('file') as File).size).toBe((await readFile(audio)).length);
    expect(await engine.languages()).toEqual(['en', 'de']);
  });

  it('aligns a transcript with the service words, keeping the transcript spelling', async () => {
    reply = (_request, response) =>
      json(response, {
        words: [
          { word: 'hello', start: 0.2, end: 0.6 },
          { word: 'world', start: 0.8, end: 1.3 },
        ],
      });
    const audio = path.join(dir, 'b.wav');
    await writeFile(audio, silentWav(1_500));
    const aligner = new SpeechToTextAlignment(new OpenAiSpeechToText({ baseUrl, model: 'w' }, ['en']));
    expect(await aligner.align(audio, 'Hello, World!', { language: 'en' })).toEqual([
      { text: 'Hello,', start: 200, end: 600, confidence: 1 },
      { text: 'World!', start: 800, end: 1_300, confidence: 1 },
    ]);
  });
});

describe('OpenAI-compatible translation', () => {
  const cues = [
    { id: 'x1', text: 'The car is red.' },
    { id: 'x2', text: 'Good morning.' },
    { id: 'x3', text: 'See you.' },
  ];

  it('sends the guideline as system prompt with the glossary, and maps the numbered answer to the ids', async () => {
    reply = (_request, response) =>
      json(response, {
        choices: [
          {
            message: {
              content:
                '```json\n[{"n":2,"text":"Buenos días."},{"n":1,"text":"El coche es rojo."},{"n":3,"text":"Hasta luego."}]\n```',
            },
          },
        ],
      });
    const engine = new OpenAiTranslation({ baseUrl, model: 'gpt-x' }, ['en', 'es'], craftTermBase);
    const out = await engine.translate(cues, {
      from: 'en',
      to: 'es',
      guideline: 'Formal register.',
      glossary: [{ source: 'car', target: 'automóvil' }],
    });

    expect(out.map((cue) => cue.id)).toEqual(['x1', 'x2', 'x3']);
    expect(out[0]!.text).toContain('automóvil'); // the service said "coche": the term base puts the agreed term in
    expect(out.slice(1).map((cue) => cue.text)).toEqual(['Buenos días.', 'Hasta luego.']);
    const body = JSON.parse(requests[0]!.body.toString());
    expect(requests[0]!.url).toBe('/v1/chat/completions');
    expect(body.model).toBe('gpt-x');
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toMatch(/^Formal register\./);
    expect(body.messages[0].content).toContain('car => automóvil');
    expect(JSON.parse(body.messages[1].content)).toEqual(cues.map((cue, index) => ({ n: index + 1, text: cue.text })));
    expect(await engine.pairs()).toEqual([
      { from: 'en', to: 'es' },
      { from: 'es', to: 'en' },
    ]);

    // A subtitle shown for a short time comes with the length it allows, and the prompt says why.
    reply = (_request, response) =>
      json(response, { choices: [{ message: { content: '[{"n":1,"text":"Coche rojo."}]' } }] });
    await engine.translate([{ id: 'x1', text: 'The car is red.', maxChars: 24 }], { from: 'en', to: 'es' });
    const short = JSON.parse(requests[1]!.body.toString());
    expect(JSON.parse(short.messages[1].content)).toEqual([{ n: 1, text: 'The car is red.', maxChars: 24 }]);
    expect(short.messages[0].content).toContain('keep its translation within that many characters');
  });

  it('asks again once when the answer has the wrong number of cues, then gives up', async () => {
    let answers = 0;
    reply = (_request, response) => {
      answers++;
      const content = answers === 1 ? '["uno", "dos"]' : '["uno", "dos", "tres"]';
      json(response, { choices: [{ message: { content } }] });
    };
    const engine = new OpenAiTranslation({ baseUrl, model: 'm' }, ['en', 'es']);
    expect((await engine.translate(cues, { from: 'en', to: 'es' })).map((cue) => cue.text)).toEqual([
      'uno',
      'dos',
      'tres',
    ]);
    expect(requests).toHaveLength(2);

    reply = (_request, response) => json(response, { choices: [{ message: { content: '["solo uno"]' } }] });
    await expect(engine.translate(cues, { from: 'en', to: 'es' })).rejects.toThrow(/returned 1 cues for 3/);
  });

  it('reports a service error with its status', async () => {
    reply = (_request, response) => {
      response.writeHead(429);
      response.end('slow down');
    };
    await expect(
      new OpenAiTranslation({ baseUrl, model: 'm' }, ['en']).translate(cues, { from: 'en', to: 'es' }),
    ).rejects.toThrow(/429: slow down/);
  });
});

describe('OpenAI-compatible speech synthesis', () => {
  it('asks for WAV with the voice and a speed fitted to the window, and streams the audio to disk', async () => {
    reply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/wav' });
      response.end(silentWav(2_000));
    };
    const engine = new OpenAiSpeechSynthesis({ baseUrl, model: 'tts-1' }, [{ language: 'es', voice: 'nova' }]);
    const outputPath = path.join(dir, 'voice.wav');
    // 8 words at a natural 160 wpm take 3 s: a 2 s window needs speed 1.5.
    const clip = await engine.synthesize('uno dos tres cuatro cinco seis siete ocho', {
      language: 'es',
      targetDurationMs: 2_000,
      outputPath,
    });
    expect(clip).toEqual({ path: outputPath, durationMs: 2_000 });
    const body = JSON.parse(requests[0]!.body.toString());
    expect(requests[0]!.url).toBe('/v1/audio/speech');
    expect(body).toEqual({
      model: 'tts-1',
      voice: 'nova',
      input: 'uno dos tres cuatro cinco seis siete ocho',
      response_format: 'wav',
      speed: 1.5,
    });
  });
});

describe('engine configuration', () => {
  it('defaults to the Debian engines and switches each job to a service by environment', () => {
    const defaults = createEngines(loadEngineConfig({}));
    expect([
      defaults.speechToText.name,
      defaults.alignment.name,
      defaults.translation.name,
      defaults.speechSynthesis.name,
    ]).toEqual(['pocketsphinx', 'pocketsphinx', 'apertium', 'espeak-ng']);
    const services = createEngines(
      loadEngineConfig({
        STT_ENGINE: 'openai',
        STT_BASE_URL: baseUrl,
        ALIGNMENT_ENGINE: 'openai',
        TRANSLATION_ENGINE: 'openai',
        TRANSLATION_BASE_URL: baseUrl,
        TTS_ENGINE: 'openai',
        TTS_BASE_URL: baseUrl,
      }),
    );
    expect([
      services.speechToText.name,
      services.alignment.name,
      services.translation.name,
      services.speechSynthesis.name,
    ]).toEqual(['openai', 'openai-alignment', 'openai', 'openai']);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadEngineConfig({ STT_ENGINE: 'openai' })).toThrow(/STT_BASE_URL/);
    expect(() => loadEngineConfig({ TTS_ENGINE: 'festival' })).toThrow(/TTS_ENGINE/);
    expect(() =>
      loadEngineConfig({
        TRANSLATION_ENGINE: 'openai',
        TRANSLATION_BASE_URL: baseUrl,
        TRANSLATION_LANGUAGES: 'en,english',
      }),
    ).toThrow(/TRANSLATION_LANGUAGES/);
  });
});
