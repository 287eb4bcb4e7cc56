import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useAddPhysicalGold } from '../api/add-physical-gold';
import { useDenominations } from '../api/get-denominations';
import { addOutcome } from '../lib/add-outcome';
import { reportOutcome } from '../lib/report-outcome';
import { checkWholeNumber, type Problem } from '../lib/whole-number';
import { emptyNumber, NumberField, type NumberText } from './number-field';

/**
 * A new denomination with its first pieces. A denom the vault already has is refused here
 * (the API would add the pieces to it): more pieces of it go through its card's Add Amount.
 */
export function AddDenominationForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const denominations = useDenominations();
  const add = useAddPhysicalGold();
  const [denom, setDenom] = useState<NumberText>(emptyNumber);
  const [amount, setAmount] = useState<NumberText>(emptyNumber);
  const [problems, setProblems] = useState<{ denom?: Problem; amount?: Problem }>({});

  const submit = () => {
    const denomCheck = checkWholeNumber(denom.text, { name: 'Denom', unit: 'grams' }, denom.badInput);
    const amountCheck = checkWholeNumber(amount.text, { name: 'Amount', unit: 'pieces' }, amount.badInput);
    const known = denominations.data?.data.some((d) => d.denom === denomCheck.value);
    const found = {
      denom:
        denomCheck.problem ??
        (known
          ? { text: '{{denom}} gram is already recorded: use Add Amount on its card.', values: { denom: denomCheck.value! } }
          : undefined),
      amount: amountCheck.problem,
    };
    setProblems(found);
    if (found.denom || found.amount || denomCheck.value === undefined || amountCheck.value === undefined) return;
    void reportOutcome(
      add.mutateAsync({ denom: denomCheck.value, amount: amountCheck.value }),
      notify,
      {
        // 'Awaiting confirmation' when another admin recorded the same denom a moment before.
        done: addOutcome,
        failed: 'Error adding denom',
      },
      () => {
        setDenom(emptyNumber);
        setAmount(emptyNumber);
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="add-denom-heading" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Typography id="add-denom-heading" variant="h3" component="h2">
          {t('Add a denomination')}
        </Typography>
        <Stack
          component="form"
          noValidate
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <NumberField
            id="new-denom"
            label="Denom"
            value={denom}
            onChange={(value) => {
              setDenom(value);
              setProblems((current) => ({ ...current, denom: undefined }));
            }}
            problem={problems.denom}
            helperText="Grams a piece"
          />
          <NumberField
            id="new-denom-amount"
            label="Amount"
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setProblems((current) => ({ ...current, amount: undefined }));
            }}
            problem={problems.amount}
            helperText="Pieces into the vault"
          />
          <Button type="submit" variant="contained" loading={add.isPending} sx={{ minHeight: 40 }}>
            {t('Submit')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
