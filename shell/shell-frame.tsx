import { Suspense, lazy, useEffect, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { useShell } from './shell-context';
import { ToastViewport } from './toasts/toast-viewport';
import { PaletteHost } from './palette/palette-host';
import type { DialogLoader } from './shell-chrome-model';

/** Root of every route: the page, plus the chrome that floats above any layout. */
export function ShellFrame() {
  const shell = useShell();
  const { pathname } = useLocation();

  useEffect(() => {
    shell.analytics.track('$pageview', { path: pathname });
  }, [shell.analytics, pathname]);

  useEffect(() => {
    shell.progress.started();
    return () => shell.progress.stopped();
  }, [shell.progress]);

  return (
    <>
      <Outlet />
      <ToastViewport toasts={shell.toast} />
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
