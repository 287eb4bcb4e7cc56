import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transferBody, type VaultPiece } from '@gold/contract';
import { useTransfer } from '../api/transfer';
import { firstIssue } from '../lib/first-issue';
import { LocationSelect } from './location-select';
import { ProposalDialog } from './proposal-dialog';
import { SelectedPieces } from './selected-pieces';

/** Move the ticked pieces to another location, sent for confirmation. */
export function TransferDialog({ pieces, onClose }: { pieces: readonly VaultPiece[]; onClose: () => void }) {
  const { t } = useTranslation();
  const transfer = useTransfer();
  const [toLocationId, setToLocationId] = useState<number | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  // A transfer takes pieces of one location; its own is not offered as the destination.
  const from = pieces.every((piece) => piece.location.id === pieces[0]?.location.id) ? pieces[0]?.location.id : undefined;
  const submit = () => {
    if (toLocationId === '') return setProblem(t('Choose a location'));
    const checked = transferBody.safeParse({ pieceIds: pieces.map((piece) => piece.id), toLocationId });
    if (!checked.success) return setProblem(firstIssue(checked.error));
    setProblem(null);
    transfer.mutate(checked.data);
  };
  return (
    <ProposalDialog
      title={t('Transfer')}
      submitLabel={t('Send for confirmation')}
      busy={transfer.isPending}
      problem={problem}
      error={transfer.error}
      sent={transfer.data}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectedPieces pieces={pieces} />
      <LocationSelect id="transfer-location" label={t('To location')} value={toLocationId} onChange={setToLocationId} exclude={from} />
    </ProposalDialog>
  );
}
