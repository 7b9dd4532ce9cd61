/**
 * Per-row actions of a balance holder: a menu with recharge, gift, refund, clear (cards only) and
 * the balance records (`?id=<holder id>`, requirements §2), each opening its dialog.
 */
import { useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useLocation } from 'react-router-dom';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AddCardIcon from '@mui/icons-material/AddCard';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import UndoIcon from '@mui/icons-material/Undo';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { BalanceDialog } from './BalanceDialog';
import type { BalanceHolder, BalanceOperation, HolderResource } from './holder';

const ICONS: Record<BalanceOperation, typeof AddCardIcon> = {
  recharge: AddCardIcon,
  gift: CardGiftcardIcon,
  refund: UndoIcon,
  clear: DeleteSweepIcon,
};

export interface BalanceActionsProps {
  resource: HolderResource;
  holder: BalanceHolder;
  holderLabel?: string;
  /** Operations offered (default: recharge, gift, refund, and clear for cards). */
  operations?: BalanceOperation[];
  /** Hide the "balance records" entry (when already on that view). */
  hideRecords?: boolean;
}

export function BalanceActions({ resource, holder, holderLabel, operations, hideRecords }: BalanceActionsProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [operation, setOperation] = useState<BalanceOperation | null>(null);
  const ops = operations ?? (resource === 'card-user' ? ['recharge', 'gift', 'refund', 'clear'] : ['recharge', 'gift', 'refund']);
  const open = (e: MouseEvent<HTMLElement>) => {
    e.stopPropagation();
    setAnchor(e.currentTarget);
  };
  const pick = (op: BalanceOperation) => {
    setAnchor(null);
    setOperation(op);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the row must not open; the controls inside take the keys
    <span onClick={(e) => e.stopPropagation()}>
      <Tooltip title={translate('resources.balance.actions.menu')}>
        <IconButton size="small" onClick={open} data-testid={`balance-menu-${holder.id}`} aria-label={translate('resources.balance.actions.menu')}>
          <AccountBalanceWalletIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {ops.map((op) => {
          const Icon = ICONS[op];
          return (
            <MenuItem key={op} onClick={() => pick(op)} data-testid={`balance-action-${op}`} disabled={op === 'clear' && Number(holder.balance) === 0}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{translate(`resources.balance.actions.${op}`)}</ListItemText>
            </MenuItem>
          );
        })}
        {!hideRecords && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              navigate({ pathname: location.pathname, search: `?id=${holder.id}` });
            }}
            data-testid="balance-action-records"
          >
            <ListItemIcon>
              <ReceiptLongIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('resources.balance.actions.records')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      {operation && (
        <BalanceDialog resource={resource} holder={holder} holderLabel={holderLabel} operation={operation} open onClose={() => setOperation(null)} />
      )}
    </span>
  );
}
