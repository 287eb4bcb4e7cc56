import { lazy, Suspense, type ComponentProps } from 'react';

// Dialog, Modal and the focus trap load when a dialog is first shown, not with the page.
const LazyOutcomeDialog = lazy(() => import('./outcome-dialog').then((m) => ({ default: m.OutcomeDialog })));
const LazyConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** The result of a change ('Data Update Success'...), its code fetched when first shown. */
export function OutcomeDialog(props: ComponentProps<typeof LazyOutcomeDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyOutcomeDialog {...props} />
    </Suspense>
  );
}

/** Asks before a change, its code fetched when first shown. */
export function ConfirmDialog(props: ComponentProps<typeof LazyConfirmDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyConfirmDialog {...props} />
    </Suspense>
  );
}
