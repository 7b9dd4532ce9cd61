import { describe, expect, it } from 'vitest';
import { compositeSteps, drawableWindows, localMinute, mergeSteps, plannedSteps, timeOfMinute } from '../../../resources/charging-schedule/chartData';
import { chargingScheduleCreate, limitsOverCap, overCapIssues } from '../../../domain/entities/charging-schedule';
import { fieldIssues } from '../../../domain/entities/rules';
import { fieldMessage } from '../../../domain/entities/messages';

describe('smart-charging chart points (requirements §16 R16.4)', () => {
  it('draws only the finished, well-formed windows of the form', () => {
    expect(
      drawableWindows([
        { startTime: '00:00', endTime: '06:00', limitA: 16 },
        { startTime: '07:0', endTime: '08:00', limitA: 5 },
        { startTime: '09:00', endTime: '08:00', limitA: 5 },
        { startTime: '10:00', endTime: '11:00', limitA: null },
        { startTime: ' 17:00', endTime: '24:00', limitA: 10 },
      ]),
    ).toEqual([
      { startTime: '00:00', endTime: '06:00', limitA: 16 },
      { startTime: '17:00', endTime: '24:00', limitA: 10 },
    ]);
    expect(drawableWindows(undefined)).toEqual([]);
  });

  it('plans the default outside the windows and each window from its start', () => {
    const w = drawableWindows([
      { startTime: '00:00', endTime: '06:00', limitA: 16 },
      { startTime: '17:00', endTime: '21:00', limitA: 10 },
    ]);
    expect(plannedSteps(w, 13)).toEqual([
      { m: 0, limit: 16 },
      { m: 360, limit: 13 },
      { m: 1020, limit: 10 },
      { m: 1260, limit: 13 },
    ]);
    expect(plannedSteps(w, null)).toEqual([]);
  });

  it('folds what the charger will do over the next 24 h onto the local day', () => {
    const now = Date.parse('2026-03-10T10:30:20Z');
    const answer = {
      chargerSn: 'X',
      connectorId: 0,
      status: 'Accepted',
      scheduleStart: '2026-03-10T10:30:20Z',
      duration: 86_400,
      chargingRateUnit: 'A',
      periods: [
        { startPeriod: 0, limit: 20 },
        { startPeriod: 5380, limit: 10 },
      ],
    };
    // From now 20 A, from 12:00 on 10 A (until tomorrow 10:30, past midnight).
    expect(compositeSteps(answer, 'UTC', now)).toEqual([
      { m: 0, limit: 10 },
      { m: 630, limit: 20 },
      { m: 720, limit: 10 },
    ]);
    // In Shanghai (UTC+8) the same instants are 18:30 and 20:00 local.
    expect(localMinute(now, 'Asia/Shanghai')).toBe(18 * 60 + 30);
    expect(compositeSteps(answer, 'Asia/Shanghai', now)).toEqual([
      { m: 0, limit: 10 },
      { m: 1110, limit: 20 },
      { m: 1200, limit: 10 },
    ]);
    expect(compositeSteps({ ...answer, periods: [] }, 'UTC', now)).toEqual([]);
  });

  it('puts both lines on the same minutes, each holding its last step, up to 24:00', () => {
    expect(
      mergeSteps(
        [
          { m: 0, limit: 16 },
          { m: 360, limit: 13 },
        ],
        [
          { m: 0, limit: 10 },
          { m: 630, limit: 20 },
        ],
      ),
    ).toEqual([
      { m: 0, planned: 16, composite: 10 },
      { m: 360, planned: 13, composite: 10 },
      { m: 630, planned: 13, composite: 20 },
      { m: 1440, planned: 13, composite: 20 },
    ]);
    expect(mergeSteps([], [])).toEqual([]);
    expect(timeOfMinute(1440)).toBe('24:00');
    expect(timeOfMinute(75)).toBe('01:15');
  });

  it('names every limit above the cap (614 on each, shared with the server)', () => {
    const v = { windows: [{ limitA: 40 }, { limitA: 16 }, { limitA: 33 }], defaultLimitA: 50 };
    expect(limitsOverCap(v, 32)).toEqual(['windows.0.limitA', 'windows.2.limitA', 'defaultLimitA']);
    expect(limitsOverCap(v, null)).toEqual([]);
    expect(limitsOverCap({ windows: [{ limitA: 32 }], defaultLimitA: 32 }, 32)).toEqual([]);
  });

  it('each schedule rule answers its own code, naming the offending values (issue 24 item 12)', () => {
    const base = { name: 'x', target: 'CHARGER', chargerId: 1, purpose: 'ChargePointMaxProfile', defaultLimitA: 10 };
    const issues = (v: object) => {
      const r = chargingScheduleCreate.safeParse({ ...base, ...v });
      return r.success ? [] : fieldIssues(r.error.issues);
    };
    const reversed = issues({ windows: [{ startTime: '05:00', endTime: '04:00', limitA: 3 }] });
    expect(reversed.map((i) => [i.field, i.code])).toEqual([['windows.0.endTime', 787]]);
    expect(fieldMessage(reversed[0].key, 'en', reversed[0].values)).toMatch(/must end after it starts.*\(05:00–04:00\)$/);
    const overlap = issues({
      windows: [
        { startTime: '20:00', endTime: '23:00', limitA: 3 },
        { startTime: '18:00', endTime: '22:00', limitA: 3 },
      ],
    });
    expect(overlap.map((i) => [i.field, i.code])).toEqual([['windows.0.startTime', 788]]);
    expect(fieldMessage(overlap[0].key, 'zh', overlap[0].values)).toBe(
      '时段重叠：请移动或缩短其中一个时段，使任何时间只属于一个时段 (18:00–22:00, 20:00–23:00)',
    );
    expect(issues({ windows: [{ startTime: '00:00', endTime: '24:00', limitA: 501 }] }).map((i) => i.code)).toEqual([791]);
    expect(issues({ kind: 'Relative', windows: [{ startTime: '00:00', endTime: '01:00', limitA: 5 }] }).map((i) => [i.field, i.code])).toEqual([['kind', 794]]);
    expect(issues({ kind: 'Absolute', windows: [{ startTime: '00:00', endTime: '01:00', limitA: 5 }] }).map((i) => i.code)).toEqual([615, 615]);
    // Above the lower cap: the station's total (789) or a home charger's maximum (790).
    const v = { windows: [{ limitA: 40 }], defaultLimitA: 10 };
    expect(overCapIssues(v, { stationTotalA: 32, homeMaxA: null }).map((i) => [i.field, i.code, i.values.detail])).toEqual([
      ['windows.0.limitA', 789, '40 A > 32 A'],
    ]);
    expect(overCapIssues(v, { stationTotalA: 32, homeMaxA: 16 }).map((i) => [i.field, i.code, i.values.detail])).toEqual([
      ['windows.0.limitA', 790, '40 A > 16 A'],
    ]);
    expect(overCapIssues(v, { stationTotalA: null, homeMaxA: null })).toEqual([]);
  });
});
