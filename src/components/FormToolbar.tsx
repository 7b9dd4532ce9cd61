/**
 * The edit forms' toolbar: Save, and Delete with a confirmation only where the API deletes
 * (accounts, roles), returning to the screen's spec path afterwards. Operators and menus are not
 * deleted through the API, so their forms offer Save only.
 */
import { DeleteWithConfirmButton, SaveButton, Toolbar } from 'react-admin';

export function FormToolbar({ deletePath, confirmContent }: { deletePath?: string; confirmContent?: string }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable data-testid="form-save" />
      {deletePath && (
        <DeleteWithConfirmButton mutationMode="pessimistic" redirect={() => deletePath} confirmContent={confirmContent} data-testid="form-delete" />
      )}
    </Toolbar>
  );
}
