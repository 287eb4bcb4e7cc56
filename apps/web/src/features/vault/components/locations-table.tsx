import { useMemo } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { formatDate } from '@/lib/format';
import { useDenominationChoices } from '../api/get-denomination-choices';
import { useVaultLocations } from '../api/get-locations';

const whole = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

interface Totals {
  pieces: number;
  grams: number;
  reserved: number;
}

/** Each location's pieces and grams in the vault and reserved, added up over the denominations' breakdowns. */
function useTotalsByLocation(): ReadonlyMap<number, Totals> {
  const denominations = useDenominationChoices();
  return useMemo(() => {
    const totals = new Map<number, Totals>();
    for (const denomination of denominations.data?.data ?? []) {
      for (const at of denomination.byLocation) {
        const sum = totals.get(at.locationId) ?? { pieces: 0, grams: 0, reserved: 0 };
        totals.set(at.locationId, {
          pieces: sum.pieces + at.available,
          grams: sum.grams + at.available * denomination.denom,
          reserved: sum.reserved + at.reserved,
        });
      }
    }
    return totals;
  }, [denominations.data]);
}

/** /vault/locations: every location with what it holds now. */
export function LocationsTable() {
  const { t } = useTranslation();
  const locations = useVaultLocations();
  const totals = useTotalsByLocation();
  return (
    <QueryState query={locations} loadingLabel={t('Loading locations')} isEmpty={(data) => data.total === 0} empty={t('No location yet')}>
      {(data) => (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('Locations')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Code')}</TableCell>
                <TableCell>{t('Name')}</TableCell>
                <TableCell align="right">{t('Pieces in the vault')}</TableCell>
                <TableCell align="right">{t('Grams in the vault')}</TableCell>
                <TableCell align="right">{t('Reserved')}</TableCell>
                <TableCell>{t('Created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((location) => {
                const at = totals.get(location.id) ?? { pieces: 0, grams: 0, reserved: 0 };
                return (
                  <TableRow key={location.id}>
                    <TableCell sx={{ fontWeight: 600 }}>{location.code}</TableCell>
                    <TableCell>{location.name}</TableCell>
                    <TableCell align="right">{whole.format(at.pieces)}</TableCell>
                    <TableCell align="right">{whole.format(at.grams)} g</TableCell>
                    <TableCell align="right">{whole.format(at.reserved)}</TableCell>
                    <TableCell>{formatDate(location.createdAt)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </QueryState>
  );
}
