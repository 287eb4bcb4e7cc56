import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { writeOffBody, type VaultPiece } from '@gold/contract';
import { useWriteOff } from '../api/write-off';
import { firstIssue } from '../lib/first-issue';
import { ProposalDialog } from './proposal-dialog';
import { SelectedPieces } from './selected-pieces';

/** Write off the ticked pieces (stolen, damaged, melted) with the reason, sent for confirmation. */
export function WriteOffDialog({ pieces, onClose }: { pieces: readonly VaultPiece[]; onClose: () => void }) {
  const { t } = useTranslation();
  const writeOff = useWriteOff();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const checked = writeOffBody.safeParse({ pieceIds: pieces.map((piece) => piece.id), reason });
    if (!checked.success) return setProblem(firstIssue(checked.error));
    setProblem(null);
    writeOff.mutate(checked.data);
  };
  return (
    <ProposalDialog
      title={t('Write off')}
      submitLabel={t('Send for confirmation')}
      busy={writeOff.isPending}
      problem={problem}
      error={writeOff.error}
      sent={writeOff.data}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectedPieces pieces={pieces} />
      <TextField
        id="write-off-reason"
        label={t('Reason')}
        required
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </ProposalDialog>
  );
}
