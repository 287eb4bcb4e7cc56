import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import goldBarsUrl from '@/assets/gold-bars.svg';
import { LOADING_IMAGE_MAX_PX } from '@/config/constants';
import { useTranslation } from 'react-i18next';

/** Full-screen overlay with the gold image and a message, while a page or an action loads. */
export function LoadingOverlay({ message, open = true }: { message?: string; open?: boolean }) {
  const { t } = useTranslation();
  return (
    <Backdrop
      open={open}
      sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, flexDirection: 'column', gap: 2, backgroundColor: 'rgba(26, 20, 5, 0.72)' })}
    >
      <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Box
          component="img"
          src={goldBarsUrl}
          alt=""
          sx={{
            width: LOADING_IMAGE_MAX_PX,
            maxWidth: `min(${LOADING_IMAGE_MAX_PX}px, 60vw)`,
            maxHeight: LOADING_IMAGE_MAX_PX,
            '@media (prefers-reduced-motion: no-preference)': {
              animation: 'loading-pulse 1.4s ease-in-out infinite',
              '@keyframes loading-pulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } },
            },
          }}
        />
        <Typography component="p" variant="h6" sx={{ color: '#FFF8E1' }}>
          {message ?? t('Loading...')}
        </Typography>
      </Box>
    </Backdrop>
  );
}
