import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Denomination } from '@gold/contract';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { formatDate } from '@/lib/format';
import { useAddPhysicalGold } from '../api/add-physical-gold';
import { useSetRedeemable } from '../api/set-redeemable';
import { addOutcome } from '../lib/add-outcome';
import { reportOutcome } from '../lib/report-outcome';
import { StockByLocation } from './stock-by-location';
import { checkWholeNumber, type Problem } from '../lib/whole-number';
import { emptyNumber, NumberField, type NumberText } from './number-field';
import { usePermission } from '@/lib/permissions';

const pieces = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * One denomination of the vault: its stock (every piece put in), available (stock minus the
 * pieces of REDEEMED redemptions), reserved (asked for by open redemptions), whether customers
 * may request it; Add Amount puts pieces in, Toggle Redeemable switches that.
 */
export function DenominationCard({ denomination }: { denomination: Denomination }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const add = useAddPhysicalGold();
  const setRedeemable = useSetRedeemable();
  const [amount, setAmount] = useState<NumberText>(emptyNumber);
  const [problem, setProblem] = useState<Problem | null>(null);
  const { id, denom } = denomination;
  const titleId = `denom-${id}-title`;
  // Stock moves only for a role that may move it (the server refuses the others too).
  const mayMoveStock = usePermission('stock');

  const addAmount = () => {
    const check = checkWholeNumber(amount.text, { name: 'Amount', unit: 'pieces' }, amount.badInput);
    setProblem(check.problem ?? null);
    if (check.value === undefined) return;
    void reportOutcome(add.mutateAsync({ denom, amount: check.value }), notify, { done: addOutcome, failed: 'Error adding amount' }, () =>
      setAmount(emptyNumber),
    );
  };

  const toggle = () =>
    void reportOutcome(setRedeemable.mutateAsync({ id, redeemable: !denomination.redeemable }), notify, {
      done: 'Redeemable status updated successfully',
      failed: 'Error updating redeemable status',
    });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2.5, height: '100%' }}>
      <Stack spacing={2} sx={{ height: '100%' }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography id={titleId} variant="h3" component="h3">
            {t('{{denom}} gram', { denom })}
          </Typography>
          <Chip
            size="small"
            label={t(denomination.redeemable ? 'Redeemable' : 'Not redeemable')}
            color={denomination.redeemable ? 'success' : 'default'}
            variant={denomination.redeemable ? 'filled' : 'outlined'}
          />
        </Stack>
        <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
          <Figure label={t('Date')} value={formatDate(denomination.createdAt)} />
          <Figure label={t('Denom')} value={`${denom} gr`} />
          <Figure label={t('Amount')} value={pieces.format(denomination.amount)} />
          <Figure label={t('Available')} value={pieces.format(denomination.available)} />
          <Figure label={t('Reserved')} value={pieces.format(denomination.reserved)} />
          <Figure label={t('Redeemed')} value={pieces.format(denomination.redeemed)} />
          <Figure label={t('Redeemable')} value={t(denomination.redeemable ? 'Yes' : 'No')} />
        </Stack>
        <StockByLocation denomination={denomination} />
        {mayMoveStock && (
          <Stack
            component="form"
            noValidate
            spacing={1.5}
            sx={{ mt: 'auto' }}
            onSubmit={(event) => {
              event.preventDefault();
              addAmount();
            }}
          >
            <NumberField
              id={`denom-${id}-amount`}
              label="Enter Amount"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setProblem(null);
              }}
              problem={problem}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" size="small" loading={add.isPending}>
                {t('Add Amount')}
              </Button>
              <Button variant="outlined" size="small" onClick={toggle} loading={setRedeemable.isPending}>
                {t('Toggle Redeemable')}
              </Button>
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
