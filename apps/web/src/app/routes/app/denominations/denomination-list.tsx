import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListCards } from '@/components/data-grid/list-cards';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { AddDenominationForm } from '@/features/denominations/components/add-denomination-form';
import { denominationCards } from '@/features/denominations/components/denomination-cards';
import { DenominationCountCard } from '@/features/denominations/components/denomination-count-card';
import { usePageTitle } from '@/app/route-handle';
import { usePermission } from '@/lib/permissions';

/** /denoms-list (titled Redemption Denomination): physical gold stock by denomination. */
export function DenominationListRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const stock = useList(denominationCards);
  const mayMoveStock = usePermission('stock');
  return (
    <ContentLayout title={title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <DenominationCountCard />
        {/* The limit customers may request is set on its own page: reachable from here, where the stock is. */}
        <Link component={RouterLink} to={paths.app.redemptionLimit.getHref()} variant="body2">
          {t('Set the Redemption Limit')}
        </Link>
      </Stack>
      {mayMoveStock && <AddDenominationForm />}
      <Stack spacing={1.5}>
        <Typography variant="h2">{t('Stock by Denomination')}</Typography>
        <ListCards list={stock} />
      </Stack>
    </ContentLayout>
  );
}
