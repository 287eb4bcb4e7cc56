import { Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { permissionOf } from '@/config/routes';
import { useProductSymbol } from '@/lib/app-config';
import { useUpdateLanguage } from '@/features/account/api/update-language';
import { useSession } from '@/features/auth/api/get-session';
import { useLogout } from '@/features/auth/api/logout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLiveUpdates } from '@/lib/live-updates';
import { roleMay } from '@gold/contract';
import { SignedInRoleProvider, type SignedInRole } from '@/lib/permissions';
import { buildNavGroups } from '@/app/navigation';
import { currentRouteOf, useBreadcrumbs } from '@/app/route-handle';
import { NotAllowedPage } from '@/app/routes/not-allowed';

/** The signed-in frame around every admin page (the route guard has already checked the session). */
export function AppRoot() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const product = useProductSymbol();
  const session = useSession();
  const crumbs = useBreadcrumbs();
  const title = crumbs.at(-1)?.label ?? '';
  const { t } = useTranslation();
  const admin = session.data?.admin;
  const signedInRole = useMemo<SignedInRole | null>(() => (admin ? { role: admin.role, locationId: admin.locationId } : null), [admin]);
  const navGroups = useMemo(
    () => buildNavGroups(product, t, (permission) => signedInRole !== null && roleMay(signedInRole.role, permission)),
    [product, t, signedInRole],
  );
  // The route guard's second half: a page the role may not open says so instead of showing its screen.
  const route = currentRouteOf(useMatches());
  const allowed = route === undefined || (signedInRole !== null && roleMay(signedInRole.role, permissionOf(route)));
  // The counter's review of a redemption (a row's click on the lists) has a read-only page for other roles: its details.
  const { search } = useLocation();
  const readOnlyAlternative =
    route === 'redemptionReview' ? { href: `${paths.app.redemptionDetail.path}${search}`, label: 'Details and history' } : undefined;
  // The language chosen in the top bar applies at once, and is remembered for this admin.
  const { mutate: rememberLanguage } = useUpdateLanguage();
  const languageSwitch = useMemo(() => <LanguageSwitch onChosen={(language) => rememberLanguage({ language })} />, [rememberLanguage]);
  // Spec: whether logout succeeds or fails, the admin goes to the sign-in page.
  const logout = useLogout({ onSettled: () => navigate(paths.auth.signIn.getHref(), { replace: true }) });
  const { mutate: logOut } = logout;
  // Stable, as the frame's memoised parts need (useMutation's mutate keeps its identity).
  const onLogout = useCallback(() => logOut(), [logOut]);
  useDocumentTitle(title);
  // One live-updates stream for the whole signed-in console: what another operator changes shows without a reload.
  useLiveUpdates();

  return (
    <DashboardLayout
      title={title}
      breadcrumbs={crumbs}
      navGroups={navGroups}
      adminName={session.data?.admin.fullName}
      adminId={session.data?.admin.id}
      onLogout={onLogout}
      loggingOut={logout.isPending}
      busy={navigation.state !== 'idle'}
      languageSwitch={languageSwitch}
    >
      <SignedInRoleProvider value={signedInRole}>
        <Suspense fallback={<LoadingOverlay />}>
          {allowed ? <Outlet /> : <NotAllowedPage role={admin?.role} alternative={readOnlyAlternative} />}
        </Suspense>
      </SignedInRoleProvider>
    </DashboardLayout>
  );
}
