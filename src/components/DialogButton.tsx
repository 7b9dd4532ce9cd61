/**
 * A button of a dialog's actions that shows its translated label on every screen. react-admin's
 * `Button` shows only its icon on small screens (the label becomes a tooltip), so a dialog action
 * without an icon was an empty button on a phone (390 px: the event's Process and the ticket's
 * Reply could not be pressed).
 */
import { Button as MuiButton, type ButtonProps } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface DialogButtonProps extends Omit<ButtonProps, 'children'> {
  /** Translation key (or text) of the label. */
  label: string;
}

/** A dialog action button with its label always shown (see the module comment). */
export function DialogButton({ label, size = 'small', ...rest }: DialogButtonProps) {
  const translate = useTranslate();
  return (
    <MuiButton size={size} {...rest}>
      {translate(label, { _: label })}
    </MuiButton>
  );
}
