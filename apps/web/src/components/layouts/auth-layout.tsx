import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import goldBarsUrl from '@/assets/gold-bars.svg';
import { useTranslation } from 'react-i18next';

/** Centred card on a dark gold background, for pages shown before signing in. */
export function AuthLayout({
  title,
  subtitle,
  languageSwitch,
  children,
}: {
  title: string;
  subtitle?: string;
  /** The English / Bahasa Indonesia switch, at the card's top. */
  languageSwitch?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'radial-gradient(circle at 20% 15%, #3A2E0C 0%, #1A1405 55%, #0F0C04 100%)',
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 5 } }}>
        <Stack spacing={3}>
          {languageSwitch ? <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: -2 }}>{languageSwitch}</Box> : null}
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Box component="img" src={goldBarsUrl} alt="" sx={{ width: 96, height: 72 }} />
            <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: 2, fontWeight: 700 }}>
              {t('Back Office')}
            </Typography>
            <Typography variant="h1">{title}</Typography>
            {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
