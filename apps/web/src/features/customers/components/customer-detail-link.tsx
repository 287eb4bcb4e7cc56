import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { customerQueryOptions } from '../api/get-customer';

/** The User List's link to a customer's detail page; pointing at it (or focusing it) starts loading the customer. */
export function CustomerDetailLink({ id, fullName, tabIndex }: { id: number; fullName: string; tabIndex?: 0 | -1 }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = t('View {{name}}', { name: fullName });
  const prefetch = () => void queryClient.prefetchQuery(customerQueryOptions(id));
  return (
    <Tooltip title={name}>
      <IconButton
        component={RouterLink}
        to={paths.app.customer.getHref(id)}
        size="small"
        color="primary"
        tabIndex={tabIndex}
        aria-label={name}
        onMouseEnter={prefetch}
        onFocus={prefetch}
      >
        <VisibilityOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
