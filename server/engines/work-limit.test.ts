import { expect, it } from 'vitest';
import { WorkLimit } from './work-limit';

it('runs at most the limit at once, the rest in the order they came, and frees a slot on failure', async () => {
  const limit = new WorkLimit(2);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const task = (n: number, fail = false) =>
    limit.run(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      order.push(n);
      if (fail) throw new Error(`task ${n}`);
      return n;
    });
  const results = await Promise.allSettled([task(1, true), task(2), task(3), task(4)]);
  expect(most).toBe(2);
  expect(order).toEqual([1, 2, 3, 4]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
});
