import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { redemptionLimitOptions, type RedemptionLimitOption } from '@gold/contract';
import { TextInput } from '@/components/form/text-input';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { MISSING } from '@/lib/format';
import { useRedemptionLimits } from '../api/get-redemption-limits';
import { useSetRedemptionLimit } from '../api/set-redemption-limit';
import { reportOutcome } from '../lib/report-outcome';

/**
 * The current limit (the list's last record, read-only) and a new one chosen from the spec's
 * list: 'Select' is a disabled placeholder, so nothing is sent until a value is picked. After an
 * error the choice goes back to 'Select'.
 */
export function RedemptionLimitForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const limits = useRedemptionLimits();
  const setLimit = useSetRedemptionLimit();
  const [choice, setChoice] = useState<RedemptionLimitOption | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const current = limits.data?.data.at(-1);
  const currentText = limits.isPending ? t('Loading...') : current ? `${current.gidrlimit}gr` : MISSING;

  const submit = () => {
    if (choice === '') return setProblem('Choose the new limit first.');
    setProblem(null);
    void reportOutcome(
      setLimit.mutateAsync({ newlimit: choice }),
      notify,
      { done: 'Redemption Limit Value Update Success', failed: 'Redemption Limit Value Update Error' },
      () => setChoice(''),
      () => setChoice(''),
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack
        component="form"
        noValidate
        aria-label={t('Redemption limit')}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' } }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextInput
          id="current-limit"
          label={t('Current Limit')}
          value={currentText}
          readOnly
          helperText={t('The largest denomination customers may request')}
          sx={{ minWidth: 220 }}
        />
        <TextField
          select
          id="new-limit"
          label={t('New Limit')}
          value={choice}
          onChange={(event) => {
            setChoice(Number(event.target.value) as RedemptionLimitOption);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ? t(problem) : ' '}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="" disabled>
            {t('Select')}
          </MenuItem>
          {redemptionLimitOptions.map((grams) => (
            <MenuItem key={grams} value={grams}>
              {`${grams}gr`}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" loading={setLimit.isPending} sx={{ minHeight: 56 }}>
          {t('Update Information')}
        </Button>
      </Stack>
    </Paper>
  );
}
