import BlockIcon from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AdminRole } from '@gold/contract';
import { paths } from '@/config/paths';

/** A page the signed-in role may not open (an old link, a typed address): said plainly, inside the frame. */
export function NotAllowedPage({ role, alternative }: { role: AdminRole | undefined; alternative?: { href: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6, mx: 'auto', maxWidth: 520 }} role="alert">
      <BlockIcon sx={{ fontSize: 56, color: 'error.main' }} aria-hidden />
      {/* The page's heading: the screen's own (and its h1) is not shown. */}
      <Typography variant="h2" component="h1">
        {t('Not allowed')}
      </Typography>
      <Typography color="text.secondary">
        {role ? t('Your role ({{role}}) may not open this page.', { role: t(role) }) : t('Your role may not open this page.')}
      </Typography>
      <Stack direction="row" spacing={2}>
        {alternative ? (
          <Button component={RouterLink} to={alternative.href} variant="contained">
            {t(alternative.label)}
          </Button>
        ) : null}
        <Button component={RouterLink} to={paths.app.dashboard.getHref()} variant={alternative ? 'outlined' : 'contained'}>
          {t('Back to Home')}
        </Button>
      </Stack>
    </Stack>
  );
}
