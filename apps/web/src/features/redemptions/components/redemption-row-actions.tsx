import type { ReactNode } from 'react';
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
import { listActions, redemptionActionTexts, type ListAction } from '../lib/action-texts';
import { usePermission } from '@/lib/permissions';

/** How each list action's button looks; its texts come from `redemptionActionTexts`. */
const listActionLooks: Record<ListAction, { icon: ReactNode; color: 'success' | 'error' }> = {
  prepare: { icon: <CheckCircleOutlineIcon fontSize="small" />, color: 'success' },
  reject: { icon: <HighlightOffIcon fontSize="small" />, color: 'error' },
};

interface RedemptionRowActionsProps {
  row: RedemptionListItem;
  tabIndex: 0 | -1;
  /** Without it the row only links to the review and detail pages (Ratings). */
  onAction?: (action: ListAction, row: RedemptionListItem) => void;
}

/** A row's actions: view (the review page), details and history, and prepare and reject where the lifecycle allows them. */
export function RedemptionRowActions({ row, tabIndex, onAction }: RedemptionRowActionsProps) {
  const { t } = useTranslation();
  const id = { id: row.id };
  // The review page and the status actions are the counter's; other roles keep the details link.
  const atCounter = usePermission('counter');
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
      {atCounter && (
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
      )}
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
      {onAction && atCounter
        ? listActions
            .filter((action) => redemptionStatusAllows(row.status, action))
            .map((action) => (
              <ListActionButton key={action} action={action} row={row} tabIndex={tabIndex} onClick={() => onAction(action, row)} />
            ))
        : null}
    </Stack>
  );
}

/** One list action's button (the prepare button reads 'Approve': the spec's word for it on the list). */
function ListActionButton({
  action,
  row,
  tabIndex,
  onClick,
}: {
  action: ListAction;
  row: RedemptionListItem;
  tabIndex: 0 | -1;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const name = t(redemptionActionTexts[action].rowButton, { id: row.id });
  const look = listActionLooks[action];
  return (
    <Tooltip title={name}>
      <IconButton size="small" color={look.color} tabIndex={tabIndex} aria-label={name} onClick={onClick}>
        {look.icon}
      </IconButton>
    </Tooltip>
  );
}
