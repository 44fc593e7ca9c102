import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the double received: method, path (with query), headers and body. */
export interface CloningRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface VoiceCloningDouble {
  /** The base URL to give VOICE_CLONING_BASE_URL. */
  baseUrl: string;
  requests: CloningRequest[];
  /** Voices made and not yet deleted. */
  voices: Set<string>;
  close(): Promise<void>;
}

const RATE = 22_050;
const MS_PER_WORD = 300;

/** 16-bit mono PCM of a tone, `MS_PER_WORD` a word: a clip whose length follows the text, audible in the mix. */
function tonePcm(text: string): Buffer {
  const words = Math.max(1, text.split(/\s+/).filter(Boolean).length);
  const samples = Math.round((RATE * words * MS_PER_WORD) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / RATE)), i * 2);
  return pcm;
}

/**
 * A local stand-in for an ElevenLabs-compatible voice cloning API (the three calls the adapter
 * makes), for tests: `POST /v1/voices/add` answers a new voice_id, `POST /v1/text-to-speech/{id}`
 * raw PCM (only for a voice it made), `DELETE /v1/voices/{id}` forgets it. It checks `xi-api-key`
 * when `apiKey` is given.
 */
export async function startVoiceCloningDouble({
  apiKey,
  host = '127.0.0.1',
}: { apiKey?: string; host?: string } = {}): Promise<VoiceCloningDouble> {
  const requests: CloningRequest[] = [];
  const voices = new Set<string>();
  let next = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const answer = (status: number, body: unknown, type = 'application/json') => {
        response.writeHead(status, { 'content-type': type });
        response.end(type === 'application/json' ? JSON.stringify(body) : body);
      };
      if (apiKey && request.headers['xi-api-key'] !== apiKey)
        return answer(401, { detail: { status: 'invalid_api_key' } });
      const path = new URL(recorded.url, 'http://double').pathname;
      if (recorded.method === 'POST' && path === '/v1/voices/add') {
        if (!recorded.body.includes(Buffer.from('RIFF'))) return answer(422, { detail: 'no audio sample' });
        const id = `cloned-${++next}`;
        voices.add(id);
        return answer(200, { voice_id: id, requires_verification: false });
      }
      const speech = /^\/v1\/text-to-speech\/([^/]+)$/.exec(path);
      if (recorded.method === 'POST' && speech) {
        if (!voices.has(decodeURIComponent(speech[1]))) return answer(404, { detail: 'voice not found' });
        const { text } = JSON.parse(recorded.body.toString('utf8')) as { text: string };
        return answer(200, tonePcm(text), 'application/octet-stream');
      }
      const voice = /^\/v1\/voices\/([^/]+)$/.exec(path);
      if (recorded.method === 'DELETE' && voice) {
        voices.delete(decodeURIComponent(voice[1]));
        return answer(200, { status: 'ok' });
      }
      answer(404, { detail: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    baseUrl: `http://${host}:${(server.address() as AddressInfo).port}`,
    requests,
    voices,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
