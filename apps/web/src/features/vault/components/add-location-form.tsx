import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { createVaultLocationBody } from '@gold/contract';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { errorMessage } from '@/lib/api-client';
import { useCreateLocation } from '../api/create-location';
import { firstIssue } from '../lib/first-issue';

/** Add location: a new, empty strongroom (a code printed on receipts, and a name). */
export function AddLocationForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateLocation();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = createVaultLocationBody.safeParse({ code: code.toUpperCase(), name });
    if (!checked.success) return setProblem(firstIssue(checked.error));
    setProblem(null);
    try {
      const location = await create.mutateAsync(checked.data);
      notify.success(t('Location {{code}} added', { code: location.code }));
      setCode('');
      setName('');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="add-location-title" sx={{ p: 2 }}>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
        <Typography id="add-location-title" variant="h3" component="h2">
          {t('Add location')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            id="location-code"
            size="small"
            label={t('Code')}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            helperText={t('e.g. JKT-02')}
          />
          <TextField
            id="location-name"
            size="small"
            label={t('Name')}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('Add location')}
          </Button>
        </Stack>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
      </Stack>
    </Paper>
  );
}
