import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useHandOverReceipt } from '@/features/receipts/api/get-receipt';
import { HandOverReceipt } from '@/features/receipts/components/hand-over-receipt';
import { parseRedemptionId } from '@/features/redemptions/lib/redemption-links';
import { useProductSymbol } from '@/lib/app-config';
import { usePermission } from '@/lib/permissions';
import { usePageTitle } from '@/app/route-handle';

/**
 * /redemption-list/receipt?id={id}: the hand-over receipt of a REDEEMED redemption, with Print
 * (A4, one page: the receipt's print stylesheet leaves out everything outside #receipt-page).
 */
export function HandOverReceiptRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const [searchParams] = useSearchParams();
  const id = parseRedemptionId(searchParams.get('id'));
  return (
    <Box id="receipt-page">
      <ContentLayout title={title} actions={id === null ? undefined : <ReceiptActions id={id} />}>
        {id === null ? <EmptyState message={t('No redemption selected.')} /> : <ReceiptPage id={id} />}
      </ContentLayout>
    </Box>
  );
}

/** Print and the way back: on screen only. */
function ReceiptActions({ id }: { id: number }) {
  const { t } = useTranslation();
  const receipt = useHandOverReceipt(id);
  // The review page is the counter's; other roles go back to the redemption's details.
  const atCounter = usePermission('counter');
  return (
    <Stack direction="row" spacing={2} data-print="hide">
      <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()} disabled={!receipt.data}>
        {t('Print')}
      </Button>
      {atCounter ? (
        <Button component={RouterLink} to={paths.app.redemptionReview.getHref(id)} variant="outlined">
          {t('Back to the review')}
        </Button>
      ) : (
        <Button component={RouterLink} to={paths.app.redemptionDetail.getHref(id)} variant="outlined">
          {t('Details and history')}
        </Button>
      )}
    </Stack>
  );
}

function ReceiptPage({ id }: { id: number }) {
  const receipt = useHandOverReceipt(id);
  const product = useProductSymbol();
  const reviewUrl = `${window.location.origin}${paths.app.redemptionReview.getHref(id)}`;
  return <QueryState query={receipt}>{(data) => <HandOverReceipt receipt={data} reviewUrl={reviewUrl} product={product} />}</QueryState>;
}
