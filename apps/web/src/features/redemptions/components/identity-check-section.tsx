import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { identityCheckBody, identityDocumentTypes, type IdentityDocumentType, type RedemptionDetail } from '@gold/contract';
import { TextInput } from '@/components/form/text-input';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useRecordIdentityCheck } from '../api/record-identity-check';
import { describeIdentityCheck, identityDocumentLabels } from '../lib/identity-documents';
import { reportOutcome } from '../lib/report-outcome';
import { ReviewSection } from './review-section';

/**
 * Identity document: after the customer's code was checked, the teller records the document they
 * looked at (its type and the last 4 characters of its number). Approve needs one; it prints on
 * the hand-over receipt. A new record replaces the earlier one (a mistyped number).
 */
export function IdentityCheckSection({ redemption }: { redemption: RedemptionDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const record = useRecordIdentityCheck();
  const [documentType, setDocumentType] = useState<IdentityDocumentType | ''>('');
  const [last4, setLast4] = useState('');
  const [problem, setProblem] = useState<{ field: 'documentType' | 'last4'; message: string } | null>(null);
  const recorded = redemption.identityCheck;
  const mayRecord = redemption.allowedActions.includes('identity-check');

  const submit = () => {
    if (!documentType) return setProblem({ field: 'documentType', message: 'Choose the document you checked.' });
    const parsed = identityCheckBody.safeParse({ documentType, last4 });
    if (!parsed.success) return setProblem({ field: 'last4', message: 'Enter the last 4 letters or digits of the document number.' });
    setProblem(null);
    void reportOutcome(record.mutateAsync({ id: redemption.id, ...parsed.data }), notify, 'Identity check recorded', () => {
      setDocumentType('');
      setLast4('');
    });
  };

  return (
    <ReviewSection id="identity-check" title={t('Identity Document')}>
      {recorded ? (
        <Alert severity="success">{describeIdentityCheck(recorded)}</Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('Look at the customer’s identity document and record it: approve needs it, and the receipt prints it.')}
        </Typography>
      )}
      {mayRecord ? (
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
          <TextField
            select
            id="identity-document-type"
            label={t('Document type')}
            value={documentType}
            onChange={(event) => {
              setDocumentType(event.target.value as IdentityDocumentType);
              setProblem(null);
            }}
            error={problem?.field === 'documentType'}
            helperText={problem?.field === 'documentType' ? t(problem.message) : ' '}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="" disabled>
              {t('Select')}
            </MenuItem>
            {identityDocumentTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {t(identityDocumentLabels[type])}
              </MenuItem>
            ))}
          </TextField>
          <TextInput
            id="identity-document-last4"
            label={t('Last 4 characters')}
            value={last4}
            onChange={(event) => {
              setLast4(event.target.value);
              if (problem?.field === 'last4') setProblem(null);
            }}
            inputProps={{ maxLength: 4, autoComplete: 'off' }}
            error={problem?.field === 'last4'}
            helperText={problem?.field === 'last4' ? t(problem.message) : t('Of the document number')}
          />
          <Button type="submit" variant="outlined" loading={record.isPending} sx={{ mt: { sm: 1 } }}>
            {t(recorded ? 'Record again' : 'Record identity check')}
          </Button>
        </Stack>
      ) : null}
    </ReviewSection>
  );
}
