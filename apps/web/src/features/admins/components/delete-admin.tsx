import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { DeleteTarget } from './delete-admin-flow';

// The delete call, its confirmation and its outcome load when Delete is first clicked, not with the page.
const DeleteAdminFlow = lazy(() => import('./delete-admin-flow').then((m) => ({ default: m.DeleteAdminFlow })));

/**
 * Delete for a list or a page: `ask(admin)` starts it (confirmation, call, outcome dialog);
 * render `dialogs`. `onRemoved` runs once 'Data Remove Successfuly' is closed.
 */
export function useDeleteAdminAction({ onRemoved }: { onRemoved?: () => void } = {}): {
  ask: (admin: DeleteTarget) => void;
  dialogs: ReactNode;
} {
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const dialogs = target ? (
    <Suspense fallback={null}>
      <DeleteAdminFlow
        admin={target}
        onClose={(removed) => {
          setTarget(null);
          if (removed) onRemoved?.();
        }}
      />
    </Suspense>
  ) : null;
  return { ask: setTarget, dialogs };
}
