import {
  Component,
  Suspense,
  lazy,
  useId,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { TOKENS, useService } from '../di';
import type { PageSectionContribution } from '../plugin/shell-extension-points';

const lazyByLoad = new WeakMap<object, LazyExoticComponent<ComponentType<any>>>();
function lazyOf<P extends object>(section: PageSectionContribution<P>): LazyExoticComponent<ComponentType<P>> {
  let component = lazyByLoad.get(section.load);
  if (!component) lazyByLoad.set(section.load, (component = lazy(section.load)));
  return component as LazyExoticComponent<ComponentType<P>>;
}

/** Sections whose code has come (preloadSection): drawn at once, without suspending. */
const readyByLoad = new WeakMap<object, ComponentType<any>>();

/**
 * Fetches a section's code ahead of drawing it (a page calls this while its data loads). A lazy
 * component always suspends on its first render, and React then holds the revealed content back
 * for up to 300 ms (its fallback throttle): a section whose code is already here skips both.
 */
export function preloadSection<P extends object>(section: PageSectionContribution<P>): Promise<void> {
  return section.load().then((module) => void readyByLoad.set(section.load, module.default));
}

/** One section's failure stays in its place, named in a toast; the page and the others keep working. */
class SectionBoundary extends Component<
  { title: string; onError(error: unknown): void; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(`Section "${this.props.title}" failed`, error);
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? <p className="muted">“{this.props.title}” could not be shown.</p> : this.props.children;
  }
}

function ContributedSection<P extends object>({ section, props }: { section: PageSectionContribution<P>; props: P }) {
  const toast = useService(TOKENS.ToastService);
  const headingId = useId();
  // Chosen once per mount: switching from the lazy wrapper to the module itself would remount it.
  const [Section] = useState<ComponentType<P>>(() => readyByLoad.get(section.load) ?? lazyOf(section));
  return (
    <section className="contributed-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.title}</h2>
      <SectionBoundary
        title={section.title}
        onError={(error) =>
          toast.shown({
            kind: 'error',
            title: `“${section.title}” failed`,
            description: error instanceof Error ? error.message : String(error),
          })
        }
      >
        <Suspense
          fallback={
            <p aria-busy="true" className="muted">
              Loading…
            </p>
          }
        >
          <Section {...props} />
        </Suspense>
      </SectionBoundary>
    </section>
  );
}

/** Draws a point's section contributions in order, each under its own heading. */
export function ContributedSections<P extends object>({
  sections,
  props,
}: {
  sections: PageSectionContribution<P>[];
  props: P;
}) {
  const ordered = [...sections].sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.id.localeCompare(b.id));
  return (
    <>
      {ordered.map((section) => (
        <ContributedSection key={section.id} section={section} props={props} />
      ))}
    </>
  );
}
