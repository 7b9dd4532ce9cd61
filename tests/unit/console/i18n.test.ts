import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/i18n/index';
import { EVENT_STATUSES } from '../../../domain/events';

// The merged catalogues: base messages plus every screen's module (src/i18n/modules/*.ts).
const { en, zh } = messages;

type Tree = { [k: string]: unknown };

/** Every leaf key of a message tree, dotted. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v as Tree, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

const enKeys = flatten(en as unknown as Tree);
const zhKeys = flatten(zh as unknown as Tree);

describe('i18n: both languages are complete (requirements §11)', () => {
  it('every English key exists in Chinese', () => {
    const missing = [...enKeys.keys()].filter((k) => !zhKeys.has(k));
    expect(missing).toEqual([]);
  });
  it('every Chinese key exists in English', () => {
    const extra = [...zhKeys.keys()].filter((k) => !enKeys.has(k));
    expect(extra).toEqual([]);
  });
  it('no message is empty and every leaf is a string', () => {
    for (const [k, v] of [...enKeys, ...zhKeys]) {
      expect(typeof v, k).toBe('string');
      if (k === 'ra.boolean.null') continue; // deliberately blank in react-admin
      expect((v as string).trim().length, k).toBeGreaterThan(0);
    }
  });
  it('placeholders match between languages', () => {
    const vars = (s: string) =>
      [...s.matchAll(/%\{(\w+)\}/g)]
        .map((m) => m[1])
        .filter((x) => x !== 'smart_count')
        .sort();
    for (const [k, v] of enKeys) {
      expect(vars(zhKeys.get(k) as string), k).toEqual(vars(v as string));
    }
  });
  it('app and menu messages are translated, not copied', () => {
    const same = [...enKeys].filter(([k, v]) => (k.startsWith('app.') || k.startsWith('menu.')) && zhKeys.get(k) === v);
    // Product names and the language names themselves are the same in both.
    expect(same.map(([k]) => k).sort()).toEqual(['app.language.en', 'app.language.zh', 'app.name']);
  });
  it('covers the spec messages of the login page (requirements §5)', () => {
    expect(enKeys.get('app.login.username_required')).toBe('User name cannot be empty');
    expect(enKeys.get('app.login.password_required')).toBe('Password cannot be empty');
    expect(enKeys.get('app.login.wrong_credentials')).toBe('Wrong user name or password');
    expect(enKeys.get('app.account.inconsistent')).toBe('Inconsistent passwords');
    expect(zhKeys.get('app.login.username_required')).toBe('用户名不能为空');
  });
  it('labels every value an operator sees in both languages: event states in the bell, OCPP statuses', () => {
    for (const status of EVENT_STATUSES) {
      for (const tree of [enKeys, zhKeys]) {
        expect(tree.has(`app.notices.status.${status}`), `app.notices.status.${status}`).toBe(true);
        expect(tree.has(`resources.event.status.${status}`), `resources.event.status.${status}`).toBe(true);
      }
    }
    for (const status of ['Available', 'Preparing', 'Charging', 'SuspendedEVSE', 'SuspendedEV', 'Finishing', 'Reserved', 'Unavailable', 'Faulted']) {
      expect(zhKeys.get(`resources.charger.values.runStatus.${status}`), status).toMatch(/\p{Script=Han}/u);
    }
    // Column headers are words of the language, not English left in Chinese.
    expect(zhKeys.get('resources.company.fields.logo')).toMatch(/\p{Script=Han}/u);
    // One word for report tickets in Chinese: menu, resource, notification setting.
    for (const key of ['menu.reportTickets', 'resources.report-ticket.name', 'app.notification_pref.event_types.REPORT_TICKET']) {
      expect(zhKeys.get(key), key).toMatch(/^工单/);
    }
  });

  it('detects a missing key (the comparison itself can fail)', () => {
    const broken = flatten({ a: { b: 'x', c: 'y' } });
    const other = flatten({ a: { b: 'x' } });
    expect([...broken.keys()].filter((k) => !other.has(k))).toEqual(['a.c']);
  });
});
