import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import SystemThemeProvider from '@mui/system/ThemeProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { theme } from './theme';

// The theme has no CSS variables: MUI's ThemeProvider would hand it, so marked, to the system
// ThemeProvider. Doing that here leaves out the CSS-variables provider and its colour-scheme
// script, which MUI's ThemeProvider brings along whether used or not (about 3 KB compressed).
const noVarsTheme = { ...theme, vars: null };

/** Theme, CssBaseline and the server-state cache: what every page needs, the first sign-in page included. */
export function BaseProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <SystemThemeProvider theme={noVarsTheme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </SystemThemeProvider>
  );
}
