import { alpha, createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * Gold primary. Text on gold is dark (7.6:1). Gold used as text uses the dark shade: 6.6:1 on white
 * and still above 5.9:1 on the pale alert backgrounds (WCAG AA asks 4.5). A contained button under
 * the pointer turns a deeper gold that keeps its dark text at 5.7:1 (MUI would use the dark shade).
 */
const gold = { light: '#E3C766', main: '#C9A227', dark: '#735A07', contrastText: '#1A1405' };
const goldHover = '#B08A17';

const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: gold,
    secondary: { main: '#3D3A33', contrastText: '#FFFFFF' },
    // Status colours dark enough for white text at AA (chips, alerts).
    warning: { main: '#B45309', contrastText: '#FFFFFF' },
    info: { main: '#0277BD', contrastText: '#FFFFFF' },
    success: { main: '#2E7D32', contrastText: '#FFFFFF' },
    error: { main: '#C62828', contrastText: '#FFFFFF' },
    background: { default: '#F7F5EF', paper: '#FFFFFF' },
    text: { primary: '#1F1B12', secondary: '#5C5546' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: "'Manrope', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.375rem', fontWeight: 700 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
  },
  components: {
    MuiButton: {
      styleOverrides: {
        root: ({ ownerState, theme }) => {
          if (ownerState.color !== 'primary') return {};
          if (ownerState.variant === 'contained') return { '&:hover': { backgroundColor: goldHover } };
          return { color: theme.palette.primary.dark, borderColor: alpha(theme.palette.primary.dark, 0.6) };
        },
      },
    },
    MuiIconButton: {
      styleOverrides: {
        root: ({ ownerState, theme }) => (ownerState.color === 'primary' ? { color: theme.palette.primary.dark } : {}),
      },
    },
    MuiLink: {
      styleOverrides: {
        root: ({ theme }) => ({ color: theme.palette.primary.dark, textDecorationColor: alpha(theme.palette.primary.dark, 0.4) }),
      },
    },
    MuiFormLabel: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-focused': { color: theme.palette.primary.dark } }),
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: theme.palette.primary.dark } }),
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
    },
    MuiPaper: {
      styleOverrides: { rounded: { borderRadius: 12 } },
    },
    // Every tooltip only names what it points at (the control's own accessible name, a full hash): an
    // interactive one stays over the row below and takes the click meant for that row.
    MuiTooltip: {
      defaultProps: { disableInteractive: true },
    },
  },
};

/** The console's theme; `locales` put MUI's own texts in the console's language (none: English). */
export const createConsoleTheme = (locales: readonly object[] = []) => createTheme(themeOptions, ...locales);
