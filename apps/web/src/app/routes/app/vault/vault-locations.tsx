import { ContentLayout } from '@/components/layouts/content-layout';
import { AddLocationForm } from '@/features/vault/components/add-location-form';
import { LocationsTable } from '@/features/vault/components/locations-table';
import { VaultTabs } from '@/features/vault/components/vault-tabs';
import { usePermission } from '@/lib/permissions';
import { usePageTitle } from '@/app/route-handle';

/** /vault/locations: the strongrooms with what each holds; a role with the settings permission adds one. */
export function VaultLocationsRoute() {
  const title = usePageTitle();
  const mayAdd = usePermission('settings');
  return (
    <ContentLayout title={title}>
      <VaultTabs />
      <LocationsTable />
      {mayAdd ? <AddLocationForm /> : null}
    </ContentLayout>
  );
}
