import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

interface ErrorPanelProps {
  title: string;
  message: string;
  detail?: string | undefined;
  actionLabel: string;
  onAction: () => void;
  homeHref?: string;
}

/** A centred error message with a way out (reload, home). */
export function ErrorPanel({ title, message, detail, actionLabel, onAction, homeHref }: ErrorPanelProps) {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh', p: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h1" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">{message}</Typography>
          {detail ? (
            <Typography
              variant="body2"
              component="pre"
              sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: 'text.secondary', m: 0 }}
            >
              {detail}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={2}>
            <Button variant="contained" onClick={onAction}>
              {actionLabel}
            </Button>
            {homeHref ? (
              <Button component={RouterLink} to={homeHref} variant="outlined">
                {t('Back to Home')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
