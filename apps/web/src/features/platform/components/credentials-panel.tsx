import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { platformScopes, type CreateCredentialBody, type Credential, type PlatformScope, type Reauthentication } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { ReauthDialog } from '@/components/ui/reauth-dialog';
import { errorMessage } from '@/lib/api-client';
import { translateServerMessage } from '@/lib/i18n';
import { isReauthError } from '@/lib/reauth-error';
import { formatDateTime, orDash } from '@/lib/format';
import { useCreateCredential, useCredentials, useRevokeCredential } from '../api/credentials';

const statusColor = { active: 'success', expired: 'default', revoked: 'error' } as const;

/** What each scope lets the platform do, as the console names it (the wire keeps the scope's id). */
const scopeTitles: Record<PlatformScope, string> = {
  customers: 'Customers',
  kyc: 'KYC',
  purchases: 'Purchases',
  prices: 'Prices',
  redemptions: 'Redemptions',
  webhooks: 'Webhooks',
};

/** A scope's name in the console's language (a context key: 'Prices' alone already means a column). */
function useScopeLabel() {
  const { t } = useTranslation();
  return (scope: PlatformScope) => t(scopeTitles[scope], { context: 'scope' });
}

/** A new credential: name, scopes and an optional expiry; its secret is shown once, right here. */
export function CreateCredentialForm() {
  const { t } = useTranslation();
  const scopeLabel = useScopeLabel();
  const create = useCreateCredential();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<PlatformScope[]>([]);
  const [expires, setExpires] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);

  /** The checked form, waiting for the creating admin's password (a credential is a new way in, like a new admin). */
  const [confirming, setConfirming] = useState<Omit<CreateCredentialBody, 'reauth'> | null>(null);

  const submit = () => {
    if (name.trim() === '') return setProblem(t('Name the credential.'));
    if (scopes.length === 0) return setProblem(t('Choose at least one scope.'));
    setProblem(null);
    create.reset();
    setConfirming({ name: name.trim(), scopes, ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}) });
  };

  const createConfirmed = async (body: Omit<CreateCredentialBody, 'reauth'>, reauth: Reauthentication) => {
    try {
      const created = await create.mutateAsync({ ...body, reauth });
      setConfirming(null);
      setSecret({ name: created.credential.name, secret: created.secret });
      setName('');
      setScopes([]);
      setExpires('');
    } catch (error) {
      // A wrong password or code: the dialog stays open and says so.
      if (isReauthError(error)) return;
      setConfirming(null);
      setProblem(translateServerMessage(errorMessage(error)));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack
        component="form"
        noValidate
        aria-label={t('New credential')}
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField id="credential-name" label={t('Name')} value={name} onChange={(e) => setName(e.target.value)} sx={{ minWidth: 260 }} />
          <TextField
            id="credential-expiry"
            type="datetime-local"
            label={t('Expires (optional)')}
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <div>
          <FormLabel component="legend">{t('Scopes')}</FormLabel>
          <FormGroup row>
            {platformScopes.map((scope) => (
              <FormControlLabel
                key={scope}
                label={scopeLabel(scope)}
                control={
                  <Checkbox
                    checked={scopes.includes(scope)}
                    onChange={(e) => setScopes((now) => (e.target.checked ? [...now, scope] : now.filter((s) => s !== scope)))}
                  />
                }
              />
            ))}
          </FormGroup>
          {problem ? <FormHelperText error>{problem}</FormHelperText> : null}
        </div>
        <div>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('Create Credential')}
          </Button>
        </div>
        {secret ? (
          <Alert severity="warning" onClose={() => setSecret(null)}>
            <Typography variant="body2">{t('The secret of {{name}}, shown this once: copy it now.', { name: secret.name })}</Typography>
            <Typography component="code" aria-label={t('Secret')} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {secret.secret}
            </Typography>
          </Alert>
        ) : null}
      </Stack>
      {confirming ? (
        <ReauthDialog
          title={t('Create Credential')}
          confirmLabel={t('Create Credential')}
          busy={create.isPending}
          error={create.error && isReauthError(create.error) ? create.error : null}
          onConfirm={(reauth) => void createConfirmed(confirming, reauth)}
          onCancel={() => setConfirming(null)}
        >
          {t('A credential is a new way into the back office: confirm with your password that it is you.')}
        </ReauthDialog>
      ) : null}
    </Paper>
  );
}

/** Every credential with its scopes, status and last use; an active one can be revoked. */
export function CredentialsTable() {
  const { t } = useTranslation();
  const credentials = useCredentials();
  return (
    <QueryState query={credentials} isEmpty={(data) => data.data.length === 0} empty={t('No credential yet.')}>
      {({ data }) => <CredentialRows rows={data} />}
    </QueryState>
  );
}

function CredentialRows({ rows }: { rows: Credential[] }) {
  const { t } = useTranslation();
  const scopeLabel = useScopeLabel();
  const notify = useNotify();
  const revoke = useRevokeCredential();
  const [asking, setAsking] = useState<Credential | null>(null);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('Credential list')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Name')}</TableCell>
            <TableCell>{t('Scopes')}</TableCell>
            <TableCell>{t('Status')}</TableCell>
            <TableCell>{t('Last Use')}</TableCell>
            <TableCell>{t('Expires')}</TableCell>
            <TableCell>{t('Created')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                {row.name}
                <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
                  {row.tokenPrefix}…
                </Typography>
              </TableCell>
              <TableCell>{row.scopes.map(scopeLabel).join(', ')}</TableCell>
              <TableCell>
                <Chip size="small" label={t(row.status)} color={statusColor[row.status]} />
              </TableCell>
              <TableCell>{row.lastUsedAt ? formatDateTime(row.lastUsedAt) : t('Never')}</TableCell>
              <TableCell>{orDash(row.expiresAt ? formatDateTime(row.expiresAt) : null)}</TableCell>
              <TableCell>{formatDateTime(row.createdAt)}</TableCell>
              <TableCell align="right">
                {row.status === 'active' ? (
                  <Button size="small" color="error" onClick={() => setAsking(row)}>
                    {t('Revoke')}
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {asking ? (
        <ConfirmDialog
          title={t('Revoke credential')}
          confirmLabel={t('Revoke')}
          confirmColor="error"
          busy={revoke.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            revoke.mutate(asking.id, {
              onSuccess: () => notify.success(t('Credential revoked')),
              onError: (error) => notify.error(`${t('Credential not revoked')}: ${errorMessage(error)}`),
              onSettled: () => setAsking(null),
            });
          }}
        >
          {t('{{name}} stops working at once: every later call with it is refused.', { name: asking.name })}
        </ConfirmDialog>
      ) : null}
    </TableContainer>
  );
}
