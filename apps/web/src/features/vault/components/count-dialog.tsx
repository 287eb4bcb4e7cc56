import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { stockCountBody } from '@gold/contract';
import { useCountStock } from '../api/count-stock';
import { useDenominationChoices } from '../api/get-denomination-choices';
import { usePiecesInVault } from '../api/get-pieces-in-vault';
import { firstIssue } from '../lib/first-issue';
import { parseSerials } from '../lib/parse-pieces';
import { LocationSelect } from './location-select';
import { ProposalDialog } from './proposal-dialog';

const shown = 20;
const list = (serials: readonly string[]) => serials.slice(0, shown).join(', ') + (serials.length > shown ? ' …' : '');

/**
 * A physical count of one denomination at one location: the serials found are typed or pasted,
 * and the variance against the ledger is shown before anything is sent. Pieces the ledger holds
 * there that were not counted leave as missing once the count is confirmed; a serial the ledger
 * does not hold there is refused by the server (it comes in by a receipt or a transfer).
 */
export function CountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const count = useCountStock();
  const denominations = useDenominationChoices();
  const [locationId, setLocationId] = useState<number | ''>('');
  const [denominationId, setDenominationId] = useState<number | ''>('');
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const expected = usePiecesInVault(locationId, denominationId);
  const counted = useMemo(() => parseSerials(text), [text]);
  const variance = useMemo(() => {
    if (!expected.data) return undefined;
    const inLedger = new Set(expected.data.data.map((piece) => piece.serial));
    const found = new Set(counted);
    return {
      expected: inLedger.size,
      missing: [...inLedger].filter((serial) => !found.has(serial)),
      unknown: counted.filter((serial) => !inLedger.has(serial)),
    };
  }, [expected.data, counted]);
  const denom = denominations.data?.data.find((row) => row.id === denominationId)?.denom;

  const submit = () => {
    if (locationId === '' || denom === undefined) return setProblem(t('Choose a location and a denomination'));
    const checked = stockCountBody.safeParse({ locationId, denom, countedSerials: counted, ...(note.trim() ? { note } : {}) });
    if (!checked.success) return setProblem(firstIssue(checked.error));
    setProblem(null);
    count.mutate(checked.data);
  };

  return (
    <ProposalDialog
      title={t('Count')}
      submitLabel={t('Send for confirmation')}
      busy={count.isPending}
      problem={problem}
      error={count.error}
      sent={count.data}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <LocationSelect id="count-location" label={t('Location')} value={locationId} onChange={setLocationId} />
        <TextField
          id="count-denomination"
          select
          required
          label={t('Denomination')}
          value={denominationId}
          onChange={(event) => setDenominationId(Number(event.target.value))}
          sx={{ minWidth: 160 }}
        >
          {(denominations.data?.data ?? []).map((row) => (
            <MenuItem key={row.id} value={row.id}>
              {row.denom} g
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField
        id="count-serials"
        label={t('Counted serials')}
        multiline
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.target.value)}
        helperText={t('Every serial found, one a line or separated by spaces. Paste from a scanner or spreadsheet.')}
      />
      <TextField id="count-note" label={t('Note')} value={note} onChange={(event) => setNote(event.target.value)} />
      {variance ? (
        <Stack spacing={1} role="status">
          <Typography variant="body2">
            {t('Expected {{expected}}, counted {{counted}}, variance {{variance}}', {
              expected: variance.expected,
              counted: counted.length,
              variance: counted.length - variance.unknown.length - variance.expected,
            })}
          </Typography>
          {variance.missing.length ? (
            <Alert severity="warning">
              {t('{{count}} not counted, they leave as missing: {{serials}}', {
                count: variance.missing.length,
                serials: list(variance.missing),
              })}
            </Alert>
          ) : null}
          {variance.unknown.length ? (
            <Alert severity="error">
              {t('{{count}} not in the ledger here, the server refuses them: {{serials}}', {
                count: variance.unknown.length,
                serials: list(variance.unknown),
              })}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </ProposalDialog>
  );
}
