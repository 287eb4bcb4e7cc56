import { PageTabs } from '@/components/ui/page-tabs';
import { paths } from '@/config/paths';

const tabs = [
  { path: paths.app.vault.getHref(), label: 'Pieces' },
  { path: paths.app.vaultMovements.getHref(), label: 'Movements' },
  { path: paths.app.vaultLocations.getHref(), label: 'Locations' },
] as const;

/** The Vault screen's three parts, one page each. */
export function VaultTabs() {
  return <PageTabs label="Vault" tabs={tabs} />;
}
