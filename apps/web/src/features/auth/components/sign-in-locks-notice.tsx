import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SignInLock } from '@gold/contract';
import { useTranslation } from 'react-i18next';

/**
 * Shown once, right after a sign-in: the times since the previous one when sign-in attempts for
 * this account were held back (someone kept trying a wrong password or code, from where).
 */
export function SignInLocksNotice({ locks, onContinue }: { locks: SignInLock[]; onContinue: () => void }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'id' ? 'id-ID' : 'en-GB', { timeZone: 'Asia/Jakarta' });
  return (
    <Stack spacing={2}>
      <Alert severity="warning" role="alert">
        {t('Since your last sign-in, wrong passwords or codes for your account were tried until the attempts were held back.')}
      </Alert>
      <List dense aria-label={t('Held-back sign-in attempts')}>
        {locks.map((lock) => (
          <ListItem key={`${lock.occurredAt}-${lock.ipAddress ?? ''}-${lock.scope}`} disableGutters>
            <Typography variant="body2">
              {t('{{when}} (WIB), from {{address}}: {{what}}', {
                when: when(lock.occurredAt),
                address: lock.scope === 'account' ? t('many addresses') : (lock.ipAddress ?? '-'),
                what: lock.factor === 'password' ? t('wrong passwords') : t('wrong second-factor codes'),
              })}
            </Typography>
          </ListItem>
        ))}
      </List>
      <Typography variant="body2">
        {t('If this was not you, change your password in Profile and make sure two-factor sign-in is on.')}
      </Typography>
      <Button variant="contained" onClick={onContinue} autoFocus>
        {t('Continue')}
      </Button>
    </Stack>
  );
}
