import { contributionProblem, type ContributionRules } from './plugin-api/contribution-rules';

/** The parts of a server plugin this reads (structural, so the host's request context can name this class without a cycle). */
interface ExtendingPlugin {
  id: string;
  extensionPoints?: readonly { id: string; rules?: ContributionRules }[];
  contributions?: readonly { point: { id: string }; value: unknown }[];
}

/**
 * Contributions of every server plugin to every declared point, read by the point's owner when it
 * needs them (after all plugins registered: at request time, not at start-up). A contribution to a
 * point no plugin declares (its owner is not installed) is ignored with one warning, so a plugin
 * works with or without the plugins it extends. A contribution that breaks its point's rules
 * (ContributionRules: the shape the owner reads) is left out with a warning at start-up, when the
 * author is looking at the log, instead of being skipped by the owner without a word.
 */
export class ServerExtensions {
  private readonly warned = new Set<string>();
  /** Per declared point, the contributions that keep its rules, in plugin order (plugins are fixed once built). */
  private readonly accepted = new Map<string, unknown[]>();

  constructor(
    private readonly plugins: readonly ExtendingPlugin[],
    private readonly log: Pick<Console, 'warn'>,
  ) {
    const points = plugins.flatMap((plugin) => plugin.extensionPoints ?? []);
    for (const point of points) {
      const values: unknown[] = [];
      for (const plugin of plugins)
        for (const contribution of plugin.contributions ?? []) {
          if (contribution.point.id !== point.id) continue;
          const problem = contributionProblem(contribution.value, point.rules);
          if (problem === null) values.push(contribution.value);
          else log.warn(`Contribution of plugin "${plugin.id}" to "${point.id}" left out: ${problem}`);
        }
      this.accepted.set(point.id, values);
    }
  }

  contributions<T>(point: { readonly id: string; readonly __contribution?: T }): T[] {
    const accepted = this.accepted.get(point.id);
    if (accepted) return accepted as T[];
    const values = this.plugins.flatMap((plugin) =>
      (plugin.contributions ?? []).filter((c) => c.point.id === point.id),
    );
    if (values.length && !this.warned.has(point.id)) {
      this.warned.add(point.id);
      this.log.warn(`Contributions to "${point.id}" ignored: no installed plugin declares that extension point`);
    }
    return [];
  }
}
