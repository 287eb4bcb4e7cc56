import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { VaultPiece, VaultPieceListQuery } from '@gold/contract';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import type { List } from '@/components/data-grid/use-list';
import { usePermission } from '@/lib/permissions';
import { CountDialog } from './count-dialog';
import type { piecesTable } from './pieces-table';
import { ReceiveStockDialog } from './receive-stock-dialog';
import { TransferDialog } from './transfer-dialog';
import { WriteOffDialog } from './write-off-dialog';

type Action = 'receive' | 'write-off' | 'transfer' | 'count';

/**
 * The bar list with the stock actions of a role that may move stock: receive, count, and write
 * off or transfer the ticked pieces. Each is a proposal a second admin confirms; the bar list CSV
 * for a role that may export.
 */
export function PiecesPanel({ list }: { list: List<VaultPieceListQuery, VaultPiece, typeof piecesTable> }) {
  const { t } = useTranslation();
  const mayMove = usePermission('stock');
  const [selected, setSelected] = useState<ReadonlyMap<number, VaultPiece>>(new Map());
  const [action, setAction] = useState<Action | null>(null);
  const toggle = useCallback(
    (piece: VaultPiece) =>
      setSelected((current) => {
        const next = new Map(current);
        if (!next.delete(piece.id)) next.set(piece.id, piece);
        return next;
      }),
    [],
  );
  const context = useMemo(() => ({ selection: { selected, toggle, selectable: mayMove } }), [selected, toggle, mayMove]);
  const pieces = [...selected.values()];
  const close = () => {
    // A proposal sent for the ticked pieces clears them: they are on their way to a confirmation.
    if (action === 'write-off' || action === 'transfer') setSelected(new Map());
    setAction(null);
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
        {mayMove ? (
          <>
            <Button variant="contained" onClick={() => setAction('receive')}>
              {t('Receive stock')}
            </Button>
            <Button variant="outlined" onClick={() => setAction('count')}>
              {t('Count')}
            </Button>
            <Button variant="outlined" disabled={pieces.length === 0} onClick={() => setAction('transfer')}>
              {t('Transfer {{count}} selected', { count: pieces.length })}
            </Button>
            <Button variant="outlined" color="error" disabled={pieces.length === 0} onClick={() => setAction('write-off')}>
              {t('Write off {{count}} selected', { count: pieces.length })}
            </Button>
            {pieces.length ? <Button onClick={() => setSelected(new Map())}>{t('Clear selection')}</Button> : null}
          </>
        ) : null}
        <Stack sx={{ flex: 1 }} />
        <CsvExportButton list={list} />
      </Stack>
      <ListTable list={list} context={context} />
      {action === 'receive' ? <ReceiveStockDialog onClose={close} /> : null}
      {action === 'count' ? <CountDialog onClose={close} /> : null}
      {action === 'write-off' ? <WriteOffDialog pieces={pieces} onClose={close} /> : null}
      {action === 'transfer' ? <TransferDialog pieces={pieces} onClose={close} /> : null}
    </Stack>
  );
}
