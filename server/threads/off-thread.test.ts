import { afterAll, describe, expect, it } from 'vitest';
import { closeThreads, runOffThread } from './off-thread';

describe('runOffThread', () => {
  afterAll(closeThreads);
  it('runs a TypeScript module export on a worker thread', async () => {
    expect(await runOffThread(new URL('./off-thread-fixture.ts', import.meta.url), 'threadInfo', 2, 3)).toEqual({
      sum: 5,
      mainThread: false,
    });
  });
});
