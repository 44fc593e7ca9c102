import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Last line of defence: an error thrown while rendering would otherwise unmount the whole app
 * and leave a blank page. Reports it and offers a reload.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; onError?: (error: unknown, info: ErrorInfo) => void },
  { error: unknown }
> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Polycue crashed while rendering', error, info.componentStack);
    this.props.onError?.(error, info);
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return <StartupFailure message="Something went wrong and Polycue stopped drawing this page." />;
  }
}

export function StartupFailure({ message }: { message: string }) {
  return (
    <main className="bare-layout">
      <div className="bare-card" role="alert">
        <h1>Sorry — something broke</h1>
        <p className="muted">{message}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}
