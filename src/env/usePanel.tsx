// Opening 「我的环境」: the panel's code (./Panel.tsx) is fetched the first time a reader opens it, never before.
import React, {Suspense, lazy, useCallback, useState, type ReactNode} from 'react';

const Panel = lazy(() => import('./Panel'));

/** The panel (rendered while open) and a function that opens it; focus returns to `returnTo` when it closes. */
export function usePanel(): [ReactNode, (returnTo?: HTMLElement | null) => void] {
  const [returnTo, setReturnTo] = useState<HTMLElement | null | undefined>(undefined);
  const open = useCallback((el?: HTMLElement | null) => setReturnTo(el ?? null), []);
  const close = useCallback(() => {
    returnTo?.focus();
    setReturnTo(undefined);
  }, [returnTo]);
  const panel =
    returnTo === undefined ? null : (
      <Suspense fallback={null}>
        <Panel onClose={close} />
      </Suspense>
    );
  return [panel, open];
}
