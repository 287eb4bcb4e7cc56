import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import InventoryOutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import ManageHistoryOutlinedIcon from '@mui/icons-material/ManageHistoryOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import StarOutlineIcon from '@mui/icons-material/StarOutlineOutlined';
import type { NavGroup } from '@/components/layouts/navigation';
import { paths } from '@/config/paths';

/** The side menu of the spec (section 2): three groups; `{product}` is the token symbol. */
export function buildNavGroups(product: string): NavGroup[] {
  return [
    {
      label: 'Transactions',
      items: [
        { label: 'Dashboard', href: paths.app.dashboard.getHref(), icon: <DashboardOutlinedIcon /> },
        { label: 'User List', href: paths.app.users.getHref(), icon: <PeopleAltOutlinedIcon /> },
        { label: 'Transaction History', href: paths.app.transactions.getHref(), icon: <ReceiptLongOutlinedIcon /> },
        { label: `${product} Purchased`, href: paths.app.purchases.getHref(), icon: <ShoppingCartOutlinedIcon /> },
        {
          label: 'Redemption',
          href: paths.app.redemptions.getHref(),
          icon: <RedeemOutlinedIcon />,
          alsoActiveOn: [paths.app.redemptionReview.path],
        },
        { label: 'Ratings', href: paths.app.ratings.getHref(), icon: <StarOutlineIcon /> },
      ],
    },
    {
      label: 'Account',
      items: [
        { label: 'Profile', href: paths.app.profile.getHref(), icon: <AccountCircleOutlinedIcon /> },
        { label: 'Admin List', href: paths.app.admins.getHref(), icon: <AdminPanelSettingsOutlinedIcon /> },
        { label: 'Audit Log', href: paths.app.auditLog.getHref(), icon: <ManageHistoryOutlinedIcon /> },
      ],
    },
    {
      label: 'Others',
      items: [
        { label: 'Contact List', href: paths.app.contacts.getHref(), icon: <ContactMailOutlinedIcon /> },
        {
          label: 'Denoms List',
          href: paths.app.denoms.getHref(),
          icon: <InventoryOutlinedIcon />,
          alsoActiveOn: [paths.app.redemptionLimit.path],
        },
      ],
    },
  ];
}
