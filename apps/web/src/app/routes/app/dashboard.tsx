import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/content-layout';
import { queryStat, StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useCustomerCount } from '@/features/customers/api/get-customer-count';
import { LatestCustomersTable } from '@/features/customers/components/latest-customers-table';
import { DashboardPanel } from '@/features/dashboard/components/dashboard-panel';
import { LatestPriceCard } from '@/features/prices/components/latest-price-card';
import { PRICE_HISTORY_DAYS, PriceHistoryChart } from '@/features/prices/components/price-history-chart';
import { useRedeemedTotal } from '@/features/redemptions/api/get-redeemed-total';
import { useRedemptionCount } from '@/features/redemptions/api/get-redemption-count';
import { LatestRedemptionsTable } from '@/features/redemptions/components/latest-redemptions-table';
import { ReservesBanner } from '@/features/reserves/components/reserves-banner';
import { useProductSymbol } from '@/lib/app-config';
import { formatTokenAmount } from '@/lib/format';
import { usePageTitle } from '@/app/route-handle';

/** The Redemption List showing REDEEMED ones only: what the redeemed total adds up. */
const redeemedListHref = `${paths.app.redemptions.getHref()}?${new URLSearchParams({ status: 'REDEEMED' }).toString()}`;

/** /dashboard: count cards, latest price with its 30 days, latest redemptions and registered customers. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const product = useProductSymbol();
  const customers = useCustomerCount();
  const redemptions = useRedemptionCount();
  const redeemed = useRedeemedTotal();
  return (
    <ContentLayout title={title}>
      <ReservesBanner reservesHref={paths.app.reserves.getHref()} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <StatCard
          title={t('Total Users')}
          icon={<PeopleAltOutlinedIcon />}
          href={paths.app.customers.getHref()}
          {...queryStat(customers, (data) => data.count)}
        />
        <StatCard
          title={t('Total Redemptions')}
          icon={<ReceiptLongOutlinedIcon />}
          href={paths.app.redemptions.getHref()}
          {...queryStat(redemptions, (data) => data.count)}
        />
        <StatCard
          title={t('Total {{product}} Redeemed', { product })}
          icon={<PaidOutlinedIcon />}
          href={redeemedListHref}
          {...queryStat(redeemed, (data) => formatTokenAmount(data.total))}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(260px, 1fr) 2fr' } }}>
        <DashboardPanel id="latest-price" title={t('Latest Price')} href={paths.app.prices.getHref()}>
          <LatestPriceCard />
        </DashboardPanel>
        <DashboardPanel id="price-history" title={t('Price, last {{days}} days', { days: PRICE_HISTORY_DAYS })}>
          <PriceHistoryChart />
        </DashboardPanel>
      </Box>
      <DashboardPanel id="latest-redemptions" title={t('Latest Redemptions')} href={paths.app.redemptions.getHref()}>
        <LatestRedemptionsTable labelledBy="latest-redemptions-heading" />
      </DashboardPanel>
      <DashboardPanel id="latest-customers" title={t('Registered Users')} href={paths.app.customers.getHref()}>
        <LatestCustomersTable labelledBy="latest-customers-heading" />
      </DashboardPanel>
    </ContentLayout>
  );
}
