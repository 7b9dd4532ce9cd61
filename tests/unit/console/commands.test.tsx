import { describe, expect, it } from 'vitest';
import { answerStatus, commandFormError, commandRequest } from '../../../src/components/commands/CommandRequests';
import { userLabel } from '../../../src/components/commands/CommandUserPicker';

describe('remote command requests (docs/operations.md "Remote commands")', () => {
  it("reads the status of the charger's answer, whatever else the answer holds", () => {
    expect(answerStatus({ action: 'Reset', request: { type: 'Soft' }, answer: { status: 'Accepted' } })).toBe('Accepted');
    expect(answerStatus({ action: 'DataTransfer', request: {}, answer: { status: 7, data: 'x' } })).toBeUndefined();
    expect(answerStatus({ action: 'Reset', request: {}, answer: null })).toBeUndefined();
  });

  it('remote start: a card user or an app user, the connector only when chosen', () => {
    expect(commandRequest(4, 'remote-start', { userKind: 'card', userId: 9, connectorId: 2 })).toEqual({
      path: 'charger/4/command/remote-start',
      body: { cardUserId: 9, connectorId: 2 },
    });
    expect(commandRequest(4, 'remote-start', { userKind: 'app', userId: 3 })).toEqual({ path: 'charger/4/command/remote-start', body: { appUserId: 3 } });
    expect(commandFormError('remote-start', { userKind: 'card' })).toBe('app.commands.errors.user_required');
    expect(commandFormError('remote-start', { userKind: 'card', userId: 1 })).toBeUndefined();
  });

  it("remote start with the session's limit: a TxProfile in A or W, for some minutes or the whole session", () => {
    expect(
      commandRequest(4, 'remote-start', {
        userKind: 'card',
        userId: 9,
        connectorId: 1,
        limitSession: true,
        profileUnit: 'W',
        profileLimit: 6900,
        profileMinutes: 30,
      }).body,
    ).toEqual({ connectorId: 1, cardUserId: 9, chargingProfile: { chargingRateUnit: 'W', limit: 6900, durationMinutes: 30 } });
    expect(commandRequest(4, 'remote-start', { userKind: 'card', userId: 9, limitSession: true, profileLimit: 16 }).body).toEqual({
      cardUserId: 9,
      chargingProfile: { chargingRateUnit: 'A', limit: 16 },
    });
    expect(commandRequest(4, 'remote-start', { userKind: 'card', userId: 9, limitSession: false, profileLimit: 16 }).body).toEqual({ cardUserId: 9 });
    expect(commandFormError('remote-start', { userId: 9, limitSession: true })).toBe('app.commands.errors.limit_required');
    expect(commandFormError('remote-start', { userId: 9, limitSession: true, profileLimit: 501 })).toBe('app.commands.errors.limit_range');
    expect(commandFormError('remote-start', { userId: 9, limitSession: true, profileUnit: 'W', profileLimit: 501 })).toBeUndefined();
    expect(commandFormError('remote-start', { userId: 9, limitSession: true, profileLimit: 10, profileMinutes: 0 })).toBe('app.commands.errors.minutes_range');
  });

  it('remote stop leaves the transaction to the server (the open one)', () => {
    // The stop names its session: the transaction when given, else the connector (never an empty request).
    expect(commandRequest(4, 'remote-stop', { connectorId: 2 })).toEqual({ path: 'charger/4/command/remote-stop', body: { connectorId: 2 } });
    expect(commandRequest(4, 'remote-stop', { connectorId: 2, transactionId: 77 })).toEqual({
      path: 'charger/4/command/remote-stop',
      body: { transactionId: 77 },
    });
    expect(commandFormError('remote-stop', {})).toBe('app.commands.errors.session_required');
    expect(commandFormError('remote-stop', { connectorId: 1 })).toBeUndefined();
  });

  it('reset soft by default, hard when chosen', () => {
    expect(commandRequest(1, 'reset', {}).body).toEqual({ type: 'Soft' });
    expect(commandRequest(1, 'reset', { resetType: 'Hard' }).body).toEqual({ type: 'Hard' });
  });

  it('unlock needs a connector above 0; availability accepts 0 (the whole charger)', () => {
    expect(commandFormError('unlock', { connectorId: 0 })).toBe('app.commands.errors.connector_required');
    expect(commandRequest(1, 'unlock', { connectorId: 2 }).body).toEqual({ connectorId: 2 });
    expect(commandFormError('availability', { connectorId: 0 })).toBeUndefined();
    expect(commandRequest(1, 'availability', { connectorId: 0, availability: 'Inoperative' }).body).toEqual({ connectorId: 0, type: 'Inoperative' });
  });

  it('labels users for the picker', () => {
    expect(userLabel('card', { id: 1, cardNumber: 'C01', lastName: 'Li', firstName: 'Lei' })).toBe('C01 · Li Lei');
    expect(userLabel('app', { id: 2, nickname: null, fullName: 'Ann Lee', mobile: '123' })).toBe('Ann Lee · 123');
    expect(userLabel('app', { id: 5 })).toBe('#5');
  });
});
