import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReservesResponse } from '@gold/contract';
import { formatGrams } from '../lib/describe-reserves';

const pieces = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** The gold in the vault per location, now (from the vault ledger): beside the totals, which it adds up to. */
export function ReservesByLocation({ reserves }: { reserves: ReservesResponse }) {
  const { t } = useTranslation();
  if (reserves.byLocation.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="reserves-by-location-heading" sx={{ p: 2 }}>
      <Typography id="reserves-by-location-heading" variant="h3" component="h2" sx={{ mb: 1 }}>
        {t('Gold in the vault by location')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="reserves-by-location-heading">
          <TableHead>
            <TableRow>
              <TableCell>{t('Location')}</TableCell>
              <TableCell align="right">{t('Pieces in the vault')}</TableCell>
              <TableCell align="right">{t('Gold in the vault')}</TableCell>
              <TableCell align="right">{t('Reserved by open redemptions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {reserves.byLocation.map((at) => (
              <TableRow key={at.locationId}>
                <TableCell>
                  {at.code} · {at.name}
                </TableCell>
                <TableCell align="right">{pieces.format(at.available)}</TableCell>
                <TableCell align="right">{formatGrams(at.vaultGrams)}</TableCell>
                <TableCell align="right">{formatGrams(at.reservedGrams)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
