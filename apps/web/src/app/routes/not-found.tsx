import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** '*': shown to anyone, signed in or not. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('Page Not Found'));
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3, bgcolor: 'background.default' }}
    >
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <SearchOffIcon sx={{ fontSize: 72, color: 'primary.dark' }} aria-hidden />
        <Typography variant="h1">{t('Oops, Page Not Found')}</Typography>
        <Typography color="text.secondary">{t('The page you asked for does not exist or has moved.')}</Typography>
        <Button component={RouterLink} to={paths.app.dashboard.getHref()} variant="contained" size="large">
          {t('Back to Home')}
        </Button>
      </Stack>
    </Box>
  );
}
