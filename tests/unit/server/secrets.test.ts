/**
 * The shared secret mask (server/auth/secrets.ts, requirements R10.24): AuthorizationKey values
 * wherever an object names the key, password properties, URL user-info and charger file tokens are
 * replaced; everything else comes back as the same reference (no copy on the hot path); the walk
 * is bounded in depth.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, mayHoldSecret, redactSecrets, redactText } from '../../../server/auth/secrets.js';

describe('redactSecrets', () => {
  it('masks the AuthorizationKey of a ChangeConfiguration, a COMMAND row and a GetConfiguration answer', () => {
    expect(redactSecrets({ key: 'AuthorizationKey', value: 'k-123' })).toEqual({ key: 'AuthorizationKey', value: '[redacted]' });
    expect(redactSecrets({ request: { key: 'authorizationkey', value: 'k-123' }, by: 'admin' })).toEqual({
      request: { key: 'authorizationkey', value: '[redacted]' },
      by: 'admin',
    });
    const answer = {
      configurationKey: [
        { key: 'HeartbeatInterval', readonly: false, value: '60' },
        { key: 'AuthorizationKey', readonly: false, value: 'k-123' },
      ],
    };
    expect(JSON.stringify(redactSecrets(answer))).not.toContain('k-123');
    expect(answer.configurationKey[1].value).toBe('k-123'); // the input is not changed
  });

  it('masks password properties, URL user-info and file tokens; other keys and values stay', () => {
    expect(redactSecrets({ user: 'u', password: 'p', nested: [{ Password: 'q' }] })).toEqual({
      user: 'u',
      password: '[redacted]',
      nested: [{ Password: '[redacted]' }],
    });
    expect(redactText('ftp://tok3n:tok3n@cs.example.com:2121/')).toBe('ftp://[redacted]@cs.example.com:2121/');
    expect(redactText('failed: smtp://mailer:s3cret@mx.example.com:587 refused')).toBe('failed: smtp://[redacted]@mx.example.com:587 refused');
    expect(redactText('https://cs.example.com/ocpp-files/diagnostics/AbC_123-xyz/')).toBe('https://cs.example.com/ocpp-files/diagnostics/[redacted]/');
    expect(redactText('/ocpp-files/firmware/tok.en.sig/fw.bin?version=1')).toBe('/ocpp-files/firmware/[redacted]/fw.bin?version=1');
    expect(redactText('https://cs.example.com/path?q=1')).toBe('https://cs.example.com/path?q=1');
    expect(redactSecrets({ key: 'HeartbeatInterval', value: '60' })).toEqual({ key: 'HeartbeatInterval', value: '60' });
  });

  it('answers the same reference when nothing is secret, and bounds the depth', () => {
    const meter = { connectorId: 1, meterValue: [{ timestamp: '2026-01-01T00:00:00Z', sampledValue: [{ value: '10' }] }] };
    expect(redactSecrets(meter)).toBe(meter);
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_DEPTH + 5; i++) deep = { d: deep };
    expect(JSON.stringify(redactSecrets(deep))).toContain('[redacted]');
  });

  it('pre-tests raw frames: plain meter values skip the walk, anything that may hold a secret does not', () => {
    expect(mayHoldSecret('[2,"1","MeterValues",{"connectorId":1}]')).toBe(false);
    expect(mayHoldSecret('[2,"1","ChangeConfiguration",{"key":"AuthorizationKey","value":"x"}]')).toBe(true);
    expect(mayHoldSecret('[2,"1","ChangeConfiguration",{"key":"\\u0041uthorizationKey","value":"x"}]')).toBe(true);
    expect(mayHoldSecret('[2,"1","GetDiagnostics",{"location":"ftp://a:b@h/"}]')).toBe(true);
  });
});
