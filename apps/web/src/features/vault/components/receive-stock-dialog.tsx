import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { stockReceiptBody } from '@gold/contract';
import { useReceiveStock } from '../api/receive-stock';
import { parsePieces } from '../lib/parse-pieces';
import { firstIssue } from '../lib/first-issue';
import { LocationSelect } from './location-select';
import { ProposalDialog } from './proposal-dialog';

/**
 * Receive stock: pieces of one denomination arriving at a location with the supplier's reference.
 * The serials are typed or pasted, one a line (`serial` or `serial, refiner, fineness`); a line
 * without its own refiner and fineness takes the ones above the list.
 */
export function ReceiveStockDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const receive = useReceiveStock();
  const [locationId, setLocationId] = useState<number | ''>('');
  const [denom, setDenom] = useState('');
  const [reference, setReference] = useState('');
  const [refiner, setRefiner] = useState('');
  const [fineness, setFineness] = useState('999.9');
  const [serials, setSerials] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pieces = useMemo(() => parsePieces(serials), [serials]);

  const submit = () => {
    const body = {
      locationId: locationId === '' ? 0 : locationId,
      denom: Number(denom),
      reference,
      pieces: pieces.map((piece) => ({
        serial: piece.serial,
        refiner: piece.refiner ?? refiner,
        fineness: piece.fineness ?? Number(fineness.replace(',', '.')),
      })),
    };
    if (locationId === '') return setProblem(t('Choose a location'));
    const checked = stockReceiptBody.safeParse(body);
    if (!checked.success) return setProblem(firstIssue(checked.error));
    const serialsSeen = new Set<string>();
    const repeated = checked.data.pieces.find((piece) => serialsSeen.size === serialsSeen.add(piece.serial).size);
    if (repeated) return setProblem(t('Serial {{serial}} is listed twice', { serial: repeated.serial }));
    setProblem(null);
    receive.mutate(checked.data);
  };

  return (
    <ProposalDialog
      title={t('Receive stock')}
      submitLabel={t('Send for confirmation')}
      busy={receive.isPending}
      problem={problem}
      error={receive.error}
      sent={receive.data}
      onSubmit={submit}
      onClose={onClose}
    >
      <LocationSelect id="receive-location" label={t('Location')} value={locationId} onChange={setLocationId} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="receive-denom"
          label={t('Denomination (grams)')}
          required
          value={denom}
          onChange={(event) => setDenom(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          id="receive-reference"
          label={t('Delivery or certificate reference')}
          required
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="receive-refiner"
          label={t('Refiner')}
          value={refiner}
          onChange={(event) => setRefiner(event.target.value)}
          sx={{ flex: 1 }}
        />
        <TextField
          id="receive-fineness"
          label={t('Fineness')}
          value={fineness}
          onChange={(event) => setFineness(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <TextField
        id="receive-serials"
        label={t('Serial numbers')}
        required
        multiline
        minRows={4}
        maxRows={12}
        value={serials}
        onChange={(event) => setSerials(event.target.value)}
        helperText={t('One piece a line: the serial, or serial, refiner, fineness. Paste from a spreadsheet.')}
      />
      <Typography variant="body2" role="status">
        {t('{{count}} pieces', { count: pieces.length })}
      </Typography>
    </ProposalDialog>
  );
}
