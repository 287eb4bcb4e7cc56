import { Outlet, ScrollRestoration } from 'react-router';

/** The top route: every page, signed in or not. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
