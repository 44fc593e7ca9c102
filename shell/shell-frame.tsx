import { Suspense, lazy, useEffect, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { useShell } from './shell-context';
import { PaletteHost } from './palette/palette-host';
import type { DialogLoader } from './shell-chrome-model';
import { releaseStartupTypeahead } from './router/typeahead-buffer';

// Toasts wait in the ToastService's store; their view arrives just after the first paint.
const ToastViewport = lazy(() =>
  import('./toasts/toast-viewport').then((module) => ({ default: module.ToastViewport })),
);

/** Root of every route: the page, plus the chrome that floats above any layout. */
export function ShellFrame() {
  const shell = useShell();
  const { pathname } = useLocation();

  useEffect(() => {
    shell.analytics.track('$pageview', { path: pathname });
  }, [shell.analytics, pathname]);

  // Drawn: keys typed since the first line of main.tsx go to the page's field (or the placeholder,
  // whose effects ran first as a child's, keeps recording them).
  useEffect(() => releaseStartupTypeahead(), []);

  useEffect(() => {
    shell.progress.started();
    return () => shell.progress.stopped();
  }, [shell.progress]);

  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <ToastViewport toasts={shell.toast} />
      </Suspense>
      <PaletteHost />
      <DialogHost />
    </>
  );
}

const lazyDialogs = new WeakMap<DialogLoader, ReturnType<typeof lazy>>();

/** Shows the dialog a plugin asked for through ShellChrome.openDialog, loading its code on demand. */
function DialogHost() {
  const { chrome } = useShell();
  const [dialog, close] = useUnit([chrome.$dialog, chrome.dialogClosed]);
  const Component = useMemo(() => {
    if (!dialog) return null;
    let component = lazyDialogs.get(dialog.load);
    if (!component) {
      component = lazy(dialog.load);
      lazyDialogs.set(dialog.load, component);
    }
    return component;
  }, [dialog]);
  if (!Component) return null;
  return (
    <Suspense fallback={null}>
      <Component onClose={() => close()} />
    </Suspense>
  );
}
