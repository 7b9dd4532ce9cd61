// @vitest-environment jsdom
/** The accounts screen's rules: real name without digits (900) and the reset-password dialog of requirements §5. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n';
import { ResetPasswordDialog } from '../../../resources/account/ResetPasswordDialog';
import { canSave, resetProblem, showMismatch } from '../../../resources/account/validators';
import { noDigitsRule, schemaFieldErrors, type MessageContext } from '../../../src/forms/schemaValidate';
import { accountUpdateInput } from '../../../domain/entities/company-user';

afterEach(() => {
  cleanup();
  document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('account form rules', () => {
  it('refuses digits in the real name with the 900 message', () => {
    const ctx = (lang: 'en' | 'zh'): MessageContext => ({ lang, label: () => undefined, emptyText: (l) => l });
    const realName = (name: string, lang: 'en' | 'zh') =>
      schemaFieldErrors(accountUpdateInput, { realName: name }, ctx(lang), { rules: [noDigitsRule('realName')] }).realName;
    expect(realName('Anna 2', 'en')).toBe('Name cannot contain numbers');
    expect(realName('李4', 'zh')).toBe('名称不能包含数字');
    expect(realName('Anna', 'en')).toBeUndefined();
  });
  it('reset: length, equality, typed confirmation', () => {
    expect(resetProblem({ password: '', confirm: '', typed: '' })).toBe('app.login.password_required');
    expect(resetProblem({ password: 'abc', confirm: 'abc', typed: '' })).toBe('app.account.password_length');
    expect(resetProblem({ password: 'Charge-desk-7', confirm: 'Charge-desk-8', typed: '' })).toBe('app.account.inconsistent');
    expect(resetProblem({ password: 'Charge-desk-7', confirm: 'Charge-desk-7', typed: '' })).toBeUndefined();
    // the server's password rule (732), with the server's message: too short, common, the user name
    expect(resetProblem({ password: 'secret1', confirm: 'secret1', typed: '' })).toBe('app.account.password_weak');
    expect(resetProblem({ password: 'password', confirm: 'password', typed: '' })).toBe('app.account.password_weak');
    expect(resetProblem({ password: 'Volta.Staff', confirm: 'Volta.Staff', typed: '' }, 'volta.staff')).toBe('app.account.password_weak');
    expect(showMismatch({ password: 'secret1', confirm: 'secret', typed: '' })).toBe(true);
    expect(showMismatch({ password: 'secret1', confirm: '', typed: '' })).toBe(false);
    expect(canSave({ password: 'secret1', confirm: 'secret1', typed: 'volta.staf' }, 'volta.staff')).toBe(false);
    expect(canSave({ password: 'secret1', confirm: 'secret1', typed: 'volta.staff' }, 'volta.staff')).toBe(true);
  });
});

describe('the reset-password dialog', () => {
  function renderDialog(calls: Array<[string, string, unknown]>) {
    const dataProvider = {
      ...testDataProvider(),
      call: async (m: string, p: string, b: unknown) => {
        calls.push([m, p, b]);
        return null;
      },
    };
    return render(
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <ResetPasswordDialog open onClose={() => {}} id={12} username="volta.staff" />
      </AdminContext>,
    );
  }
  const save = () => screen.getByTestId('reset-save') as HTMLButtonElement;

  it('shows "Inconsistent passwords" and saves only after the username is typed', async () => {
    const calls: Array<[string, string, unknown]> = [];
    renderDialog(calls);
    fireEvent.change(await screen.findByTestId('reset-password'), { target: { value: 'newpass1' } });
    fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: 'newpass2' } });
    expect(screen.getByTestId('reset-error').textContent).toBe('Inconsistent passwords');
    fireEvent.change(screen.getByTestId('reset-typed'), { target: { value: 'volta.staff' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: 'newpass1' } });
    expect(screen.queryByTestId('reset-error')).toBeNull();
    expect(save().disabled).toBe(false);
    fireEvent.change(screen.getByTestId('reset-typed'), { target: { value: 'volta' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('reset-typed'), { target: { value: 'volta.staff' } });
    fireEvent.click(save());
    await waitFor(() => expect(calls).toEqual([['PUT', 'company/user/12/pwd', { password: 'newpass1', confirmPassword: 'newpass1' }]]));
  });

  it('speaks Chinese', async () => {
    document.cookie = 'language=zh; path=/';
    renderDialog([]);
    fireEvent.change(await screen.findByTestId('reset-password'), { target: { value: 'newpass1' } });
    fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: 'x' } });
    expect(screen.getByTestId('reset-error').textContent).toBe(catalogueZhInconsistent());
  });
});

/** The Chinese "Inconsistent passwords" of the base catalogue. */
function catalogueZhInconsistent(): string {
  return '两次输入的密码不一致';
}
