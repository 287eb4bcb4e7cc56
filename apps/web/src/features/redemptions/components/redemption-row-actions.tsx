import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import HistoryIcon from '@mui/icons-material/History';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { redemptionStatusAllows, type RedemptionListItem } from '@gold/contract';
import { paths } from '@/config/paths';

/** The list's one-click actions: approve is the off-platform one (the prepare call), reject with the list's reason. */
const listActions = { approve: 'prepare', reject: 'reject' } as const;
export type ListAction = keyof typeof listActions;

/** Offered when the lifecycle allows the call it makes in the row's status. */
const offers = (row: RedemptionListItem, action: ListAction) => redemptionStatusAllows(row.status, listActions[action]);

interface RedemptionRowActionsProps {
  row: RedemptionListItem;
  tabIndex: 0 | -1;
  /** Without it the row only links to the review and detail pages (Ratings). */
  onAction?: (action: ListAction, row: RedemptionListItem) => void;
}

/** A row's actions: view (the review page), details and history, and approve and reject where the lifecycle allows them. */
export function RedemptionRowActions({ row, tabIndex, onAction }: RedemptionRowActionsProps) {
  const { t } = useTranslation();
  const id = { id: row.id };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
      <Tooltip title={t('Review redemption {{id}}', id)}>
        <IconButton
          component={RouterLink}
          to={paths.app.redemptionReview.getHref(row.id)}
          size="small"
          color="primary"
          tabIndex={tabIndex}
          aria-label={t('Review redemption {{id}}', id)}
        >
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('Details and history of redemption {{id}}', id)}>
        <IconButton
          component={RouterLink}
          to={paths.app.redemptionDetail.getHref(row.id)}
          size="small"
          color="primary"
          tabIndex={tabIndex}
          aria-label={t('Details of redemption {{id}}', id)}
        >
          <HistoryIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {onAction && offers(row, 'approve') ? (
        <Tooltip title={t('Approve redemption {{id}}', id)}>
          <IconButton
            size="small"
            color="success"
            tabIndex={tabIndex}
            aria-label={t('Approve redemption {{id}}', id)}
            onClick={() => onAction('approve', row)}
          >
            <CheckCircleOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {onAction && offers(row, 'reject') ? (
        <Tooltip title={t('Reject redemption {{id}}', id)}>
          <IconButton
            size="small"
            color="error"
            tabIndex={tabIndex}
            aria-label={t('Reject redemption {{id}}', id)}
            onClick={() => onAction('reject', row)}
          >
            <HighlightOffIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Stack>
  );
}
