import { lazy, Suspense, type ComponentProps } from 'react';

// Dialog, Modal and the focus trap load when a dialog is first shown, not with the page.
const LazyOutcomeDialog = lazy(() => import('./outcome-dialog').then((m) => ({ default: m.OutcomeDialog })));
const LazyReauthDialog = lazy(() => import('@/components/ui/reauth-dialog').then((m) => ({ default: m.ReauthDialog })));

/** The result of a change ('Data Update Success'...), its code fetched when first shown. */
export function OutcomeDialog(props: ComponentProps<typeof LazyOutcomeDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyOutcomeDialog {...props} />
    </Suspense>
  );
}

/** Asks for the acting admin's password before a sensitive change, its code fetched when first shown. */
export function ReauthDialog(props: ComponentProps<typeof LazyReauthDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyReauthDialog {...props} />
    </Suspense>
  );
}
