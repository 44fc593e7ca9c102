import { open } from 'node:fs/promises';

/**
 * Duration of a PCM WAV from its header alone (never reading the samples). Writers that stream
 * (espeak-ng --stdout) put 0x7fffffff as the data size; the file size is the truth then.
 */
export async function wavDurationMs(path: string): Promise<number> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(Math.min(size, 4096));
    await file.read(header, 0, header.length, 0);
    if (header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE')
      throw new Error(`${path} is not a WAV file`);
    let offset = 12;
    let byteRate = 0;
    while (offset + 8 <= header.length) {
      const id = header.toString('ascii', offset, offset + 4);
      const chunkSize = header.readUInt32LE(offset + 4);
      if (id === 'fmt ') byteRate = header.readUInt32LE(offset + 16);
      if (id === 'data') {
        if (!byteRate) break;
        const dataBytes = Math.min(chunkSize, size - offset - 8);
        return Math.round((dataBytes * 1000) / byteRate);
      }
      offset += 8 + chunkSize + (chunkSize & 1);
    }
    throw new Error(`${path}: no fmt/data chunk in the WAV header`);
  } finally {
    await file.close();
  }
}
