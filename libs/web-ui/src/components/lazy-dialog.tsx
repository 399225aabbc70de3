import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (its content and antd's Modal, Form, …) is fetched when it is first opened rather than with the
 * page that offers it: nothing is drawn before then (a closed antd Modal draws nothing either), and once opened it
 * stays mounted so it closes with its animation and keeps its state like an eager one. `preload` fetches the code
 * ahead of a click (e.g. on the opening button's hover or focus).
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: () => void load() });
}
