import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { translateServerMessage } from '@/lib/i18n';
import { useEndOtherSessions, useSessions } from '../api/sessions';

/** A short name of the browser and system from a User-Agent ('Firefox on Linux'); the full text is the title. */
function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} / ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

function SessionItem({ session }: { session: AccountSession }) {
  const { t } = useTranslation();
  return (
    <ListItem disableGutters title={session.device ?? undefined}>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{deviceName(session.device) ?? t('Unknown device')}</span>
            {session.current ? <Chip size="small" color="primary" label={t('This session')} /> : null}
          </Stack>
        }
        secondary={t('{{address}} · last used {{lastUsed}} · signed in {{signedIn}}', {
          address: session.ipAddress ?? '-',
          lastUsed: formatDateTime(session.lastSeenAt),
          signedIn: formatDateTime(session.createdAt),
        })}
      />
    </ListItem>
  );
}

/** Profile's sessions: where the admin is signed in, and 'End the other sessions' (a lost laptop, a shared computer). */
export function SessionsList() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  return (
    <QueryState query={sessions}>
      {(data) => (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <List dense aria-label={t('Your sessions')} sx={{ width: '100%' }}>
            {data.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </List>
          {endOthers.data ? (
            <Alert severity="success" role="status">
              {t('{{count}} other session(s) ended.', { count: endOthers.data.endedSessions })}
            </Alert>
          ) : null}
          {endOthers.error ? <Alert severity="error">{translateServerMessage(errorMessage(endOthers.error))}</Alert> : null}
          <Button
            variant="outlined"
            color="warning"
            loading={endOthers.isPending}
            disabled={data.every((session) => session.current)}
            onClick={() => endOthers.mutate()}
          >
            {t('End the other sessions')}
          </Button>
        </Stack>
      )}
    </QueryState>
  );
}
