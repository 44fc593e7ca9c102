import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface PluginBoundaryProps {
  /** The plugin's title, as people read it in the toast. */
  pluginTitle: string;
  /** What is drawn instead: nothing for a small contribution, a message for a page. */
  fallback?: ReactNode;
  onError(error: unknown, pluginTitle: string): void;
  children: ReactNode;
}

/**
 * Draws one plugin's contribution (a page, an overlay) so that an error it throws while rendering
 * stays inside it: the plugin is named in a toast, its place shows the fallback, and the shell
 * and every other plugin keep working.
 */
export class PluginBoundary extends Component<PluginBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(this.props.pluginTitle, error, info.componentStack);
    this.props.onError(error, this.props.pluginTitle);
  }

  render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

/** What a page of a failed plugin shows in the layout, which keeps its sidebar and palette. */
export function PluginPageFailure({ pluginTitle }: { pluginTitle: string }) {
  return (
    <section className="page" role="alert">
      <h1>This page could not be shown</h1>
      <p className="muted">The plugin “{pluginTitle}” failed while drawing it. The rest of Polycue works as usual.</p>
    </section>
  );
}

/** The toast text for a plugin that failed (loading or rendering): the plugin named first. */
export function pluginFailureToast(pluginTitle: string, error: unknown): { title: string; description: string } {
  return {
    title: `Plugin “${pluginTitle}” failed`,
    description: error instanceof Error ? error.message : String(error),
  };
}
