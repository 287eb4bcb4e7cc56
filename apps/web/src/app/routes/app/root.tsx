import { Suspense, useMemo } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { useProductSymbol } from '@/lib/app-config';
import { useSession } from '@/features/auth/api/get-session';
import { useLogout } from '@/features/auth/api/logout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLiveEvents } from '@/lib/live-events';
import { buildNavGroups } from '@/app/navigation';
import { useBreadcrumbs } from '@/app/route-handle';

/** The signed-in frame around every admin page (the route guard has already checked the session). */
export function AppRoot() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const product = useProductSymbol();
  const session = useSession();
  const crumbs = useBreadcrumbs();
  const title = crumbs.at(-1)?.label ?? '';
  const navGroups = useMemo(() => buildNavGroups(product), [product]);
  // Spec: whether logout succeeds or fails, the admin goes to the sign-in page.
  const logout = useLogout({ onSettled: () => navigate(paths.auth.signIn.getHref(), { replace: true }) });
  useDocumentTitle(title);
  // One live-updates stream for the whole signed-in console: what another operator changes shows without a reload.
  useLiveEvents();

  return (
    <DashboardLayout
      title={title}
      breadcrumbs={crumbs}
      navGroups={navGroups}
      adminName={session.data?.admin.fullName}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
      busy={navigation.state !== 'idle'}
    >
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
    </DashboardLayout>
  );
}
