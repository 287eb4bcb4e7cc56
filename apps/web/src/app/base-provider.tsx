import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import SystemThemeProvider from '@mui/system/ThemeProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { muiLocaleOf } from '@/lib/i18n';
import { createConsoleTheme } from './theme';

// The theme has no CSS variables: MUI's ThemeProvider would hand it, so marked, to the system
// ThemeProvider. Doing that here leaves out the CSS-variables provider and its colour-scheme
// script, which MUI's ThemeProvider brings along whether used or not (about 3 KB compressed).
const noVarsTheme = (locales: readonly object[]) => ({ ...createConsoleTheme(locales), vars: null });

/** Theme, CssBaseline and the server-state cache: what every page needs, the first sign-in page included. */
export function BaseProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // MUI's own texts (pagination, grid menus) follow the console's language.
  const { i18n } = useTranslation();
  const locales = muiLocaleOf(i18n.language);
  const theme = useMemo(() => noVarsTheme(locales), [locales]);
  return (
    <SystemThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </SystemThemeProvider>
  );
}
