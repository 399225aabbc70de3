import { useCallback, useEffect, useRef } from 'react';
import { Modal } from 'antd';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { ProfileScreenTexts } from '../texts';

/**
 * Spec section 2: leaving the wizard with unsaved changes asks first. In-app navigation (links, back, another
 * step) is held by the router until the user answers; closing or reloading the tab gets the browser's own prompt.
 * `isDirty` is read at the moment of leaving, so a save that just finished lets the next navigation through.
 */
export function UnsavedChangesPrompt({ isDirty, message }: { isDirty: () => boolean; message: string }) {
  const latest = useRef(isDirty);
  useEffect(() => {
    latest.current = isDirty;
  });

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && latest.current(),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [message]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={ProfileScreenTexts.unsavedTitle}
      okText={ProfileScreenTexts.leave}
      cancelText={ProfileScreenTexts.stay}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{message}</p>
    </Modal>
  );
}
