import type { LanguagePair } from '../engine-interfaces';

/**
 * Routes through installed pairs: direct when there is one, else the fewest hops through
 * intermediate languages (fr -> es -> ca). Breadth-first, so the first route found is shortest;
 * pairs are tried in the order given, which makes the choice among equal routes stable.
 */
export function findRoute(
  pairs: readonly LanguagePair[],
  from: string,
  to: string,
  maxHops = 3,
): LanguagePair[] | null {
  if (from === to) return [];
  const previous = new Map<string, LanguagePair>();
  let frontier = [from];
  const seen = new Set([from]);
  for (let hop = 0; hop < maxHops && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const language of frontier) {
      for (const pair of pairs) {
        if (pair.from !== language || seen.has(pair.to)) continue;
        seen.add(pair.to);
        previous.set(pair.to, pair);
        if (pair.to === to) {
          const route: LanguagePair[] = [];
          for (let step = previous.get(to); step; step = step.from === from ? undefined : previous.get(step.from))
            route.unshift(step);
          return route;
        }
        next.push(pair.to);
      }
    }
    frontier = next;
  }
  return null;
}

/** Every language reachable from `from` (direct or pivot), sorted. */
export function reachableTargets(pairs: readonly LanguagePair[], from: string, maxHops = 3): string[] {
  const languages = new Set(pairs.map((pair) => pair.to));
  return [...languages].filter((to) => to !== from && findRoute(pairs, from, to, maxHops) !== null).sort();
}
