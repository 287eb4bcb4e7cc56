import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ContentLayout } from '@/components/layouts/content-layout';
import { AddDenominationForm } from '@/features/denominations/components/add-denomination-form';
import { DenominationCards } from '@/features/denominations/components/denomination-cards';
import { DenominationCountCard } from '@/features/denominations/components/denomination-count-card';
import { usePageTitle } from '@/app/route-handle';

/** /denoms-list (titled Redemption Denomination): physical gold stock by denomination. */
export function DenomsListRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <DenominationCountCard />
      <AddDenominationForm />
      <Stack spacing={1.5}>
        <Typography variant="h2">Stock by Denomination</Typography>
        <DenominationCards />
      </Stack>
    </ContentLayout>
  );
}
