/**
 * A stand-in DNS for tests of the address guard: names set here resolve to the addresses given,
 * others go to the real resolver. Use from a test file as
 * `vi.mock('node:dns/promises', async (original) => (await import('./testing/fake-dns')).fakeDnsModule(original))`
 * and set answers with `fakeDns.set(name, [addresses])` (vi.mock is hoisted, so the factory imports it).
 */
export const fakeDns = new Map<string, string[]>();

export async function fakeDnsModule(importOriginal: () => Promise<unknown>) {
  const real = (await importOriginal()) as typeof import('node:dns/promises');
  const lookup = (async (host: string, options: object) => {
    const answer = fakeDns.get(host);
    if (!answer) return real.lookup(host, options as never);
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as typeof real.lookup;
  return { ...real, default: { ...real, lookup }, lookup };
}
