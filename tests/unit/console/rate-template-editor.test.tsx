// @vitest-environment jsdom
/**
 * The rate-template editor's pure parts (timeline, row editing, problems with catalogue texts)
 * and a render of the editor and its timeline (requirements §5 "Pricing").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, testDataProvider } from 'react-admin';
import { catalogueMessage } from '../../../domain/errors';
import type { RateRow } from '../../../domain/rate-template';
import { createI18nProvider } from '../../../src/i18n';
import { addRow, buildTimeline, distinctFees, feeColor, removeRow, splitRow, templateProblem } from '../../../src/components/rate-template/timeline';
import { editorProblems, emptyState, payloadOf, type EditorState } from '../../../src/components/rate-template/editorModel';
import { RateTemplateForm } from '../../../src/components/rate-template/RateTemplateForm';
import { RateTimeline } from '../../../src/components/rate-template/RateTimeline';
import { upgradeEligibility } from '../../../resources/station/upgrade';
import { columnRows, sheetRows } from '../../../src/utils/spreadsheet';

afterEach(() => {
  cleanup();
  document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const row = (startTime: string, endTime: string, electricityFeePerKwh = '0.3'): RateRow => ({ startTime, endTime, electricityFeePerKwh });
const three = [row('00:00', '08:00', '0.2'), row('08:00', '18:00', '0.4'), row('18:00', '24:00', '0.3')];

describe('buildTimeline', () => {
  it('draws a full day with no problem', () => {
    const t = buildTimeline(three);
    expect(t.windows.map((w) => [w.start, w.end])).toEqual([
      [0, 480],
      [480, 1080],
      [1080, 1440],
    ]);
    expect(t.problems).toEqual([]);
  });
  it('finds a one-minute gap and the uncovered end of the day', () => {
    const t = buildTimeline([row('00:00', '07:59'), row('08:00', '23:00')]);
    expect(t.problems).toEqual([
      { kind: 'gap', start: 479, end: 480 },
      { kind: 'gap', start: 1380, end: 1440 },
    ]);
  });
  it('finds an overlap and merges it into one stretch', () => {
    const t = buildTimeline([row('00:00', '10:00'), row('09:00', '24:00')]);
    expect(t.problems).toEqual([{ kind: 'overlap', start: 540, end: 600 }]);
  });
  it('leaves inverted or malformed rows out of the drawing and reports the day as a gap', () => {
    const t = buildTimeline([row('22:00', '02:00'), row('xx', '24:00')]);
    expect(t.windows).toEqual([]);
    expect(t.problems).toEqual([{ kind: 'gap', start: 0, end: 1440 }]);
  });
});

describe('fee colours', () => {
  it('orders distinct fees numerically and gives the same colour to equal fees', () => {
    expect(distinctFees([row('00:00', '01:00', '0.50'), row('01:00', '02:00', '0.5'), row('02:00', '24:00', '0.25')])).toEqual(['0.25', '0.5']);
    const fees = ['0.25', '0.5'];
    expect(feeColor('0.50', fees)).toBe(feeColor('0.5', fees));
    expect(feeColor('0.25', fees)).not.toBe(feeColor('0.5', fees));
    expect(feeColor('abc', fees)).toBe('#9e9e9e');
  });
});

describe('row editing', () => {
  it('splits a window at a quarter hour, both halves keeping the fee', () => {
    expect(splitRow([row('00:00', '24:00', '0.3')], 0)).toEqual([row('00:00', '12:00', '0.3'), { ...row('12:00', '24:00', '0.3'), id: undefined }]);
    expect(splitRow([row('08:00', '09:10')], 0).map((r) => r.endTime)).toEqual(['08:30', '09:10']);
  });
  it('does not split past 12 rows (647)', () => {
    const twelve = Array.from({ length: 12 }, (_, i) =>
      row(`${String(i * 2).padStart(2, '0')}:00`, i === 11 ? '24:00' : `${String(i * 2 + 2).padStart(2, '0')}:00`),
    );
    expect(splitRow(twelve, 0)).toHaveLength(12);
    expect(addRow(twelve)).toHaveLength(12);
  });
  it('adds the whole day first, then fills a gap, else splits the longest window', () => {
    expect(addRow([])).toEqual([row('00:00', '24:00', '0')]);
    expect(addRow([row('00:00', '08:00'), row('10:00', '24:00')]).map((r) => `${r.startTime}-${r.endTime}`)).toEqual([
      '00:00-08:00',
      '08:00-10:00',
      '10:00-24:00',
    ]);
    expect(addRow(three).map((r) => `${r.startTime}-${r.endTime}`)).toEqual(['00:00-08:00', '08:00-13:00', '13:00-18:00', '18:00-24:00']);
  });
  it('removes a window (the next one takes its time) but never the one ending at 24:00 (812)', () => {
    const r = removeRow(three, 0);
    expect('details' in r && r.details).toEqual([row('00:00', '18:00', '0.4'), row('18:00', '24:00', '0.3')]);
    const last = removeRow(three, 2);
    expect('violation' in last && last.violation.code).toBe(812);
  });
});

describe('rule problems carry the catalogue text of the server', () => {
  it('names the gap (703), the overlap (317), too many rows (647) and a fee used 4 times (648)', () => {
    expect(
      templateProblem({ type: 'CHARGED', taxes: [{ taxName: 'VAT', taxPercentage: '0' }], details: [row('00:00', '07:59'), row('08:00', '24:00')] }, 'en'),
    ).toMatchObject({ code: 703, message: catalogueMessage(703, 'en') });
    expect(
      templateProblem({ type: 'CHARGED', taxes: [{ taxName: 'VAT', taxPercentage: '0' }], details: [row('00:00', '10:00'), row('09:00', '24:00')] }, 'zh'),
    ).toMatchObject({ code: 317, message: '此时段与 00:00–10:00 重叠：请将开始时间设为 10:00 或之后，或缩短另一个时段' });
    const four = [row('00:00', '01:00', '1'), row('01:00', '02:00', '1'), row('02:00', '03:00', '1'), row('03:00', '24:00', '1')];
    expect(templateProblem({ type: 'CHARGED', taxes: [{ taxName: 'VAT', taxPercentage: '0' }], details: four }, 'en')?.code).toBe(648);
    expect(
      templateProblem({ type: 'CHARGED', taxes: [{ taxName: 'VAT', taxPercentage: '0' }], details: four.slice(1).concat(row('00:00', '01:00', '2')) }, 'en'),
    ).toBeNull();
  });
  it('checks formats and rules of the whole editor state', () => {
    const ok: EditorState = { ...emptyState('C1'), modelName: 'Peak', details: three, serviceFeePerKwh: '0.1' };
    expect(editorProblems(ok, 'en')).toEqual([]);
    const bad: EditorState = { ...ok, modelName: ' ', serviceFeePerKwh: '0.123', taxes: [{ taxName: 'VAT', taxPercentage: '-1' }] };
    const problems = editorProblems(bad, 'en');
    expect(problems.map((p) => p.field)).toEqual(['modelName', 'serviceFeePerKwh', 'taxes.0.taxPercentage']);
    expect(problems[0]).toMatchObject({ field: 'modelName', message: 'resources.rate-template.errors.model_name_empty', key: true, code: 604 });
    expect(problems[2].message).toBe(catalogueMessage(649, 'en'));
  });
  it('a free template is sent without rows; a charged one without rows is refused (343)', () => {
    const free: EditorState = { ...emptyState('C1'), modelName: 'Free', type: 'FREE' };
    expect(payloadOf(free).details).toEqual([]);
    expect(editorProblems(free, 'en')).toEqual([]);
    const empty: EditorState = { ...emptyState('C1'), modelName: 'X', details: [] };
    expect(editorProblems(empty, 'en').map((p) => p.message)).toEqual([catalogueMessage(343, 'en')]);
  });
});

describe('upgrade eligibility', () => {
  it('only idle and online chargers are eligible; others say why', () => {
    expect(upgradeEligibility({ online: true, runStatus: 'Available', lifeStatus: 'ACTIVE' })).toEqual({ eligible: true });
    expect(upgradeEligibility({ online: false, runStatus: 'Available' })).toEqual({ eligible: false, reason: 'offline' });
    expect(upgradeEligibility({ online: true, runStatus: 'Charging' })).toEqual({ eligible: false, reason: 'busy' });
    expect(upgradeEligibility({ online: true, runStatus: 'Available', dashboardState: 'charging' })).toEqual({ eligible: false, reason: 'busy' });
    expect(upgradeEligibility({ online: true, runStatus: 'Available', dashboardState: 'available' })).toEqual({ eligible: true });
    expect(upgradeEligibility({ online: true, runStatus: null })).toEqual({ eligible: false, reason: 'no_status' });
    expect(upgradeEligibility({ online: true, runStatus: 'Available', lifeStatus: 'INACTIVE' })).toEqual({ eligible: false, reason: 'inactive' });
  });
});

describe('Excel cells', () => {
  it('neutralises formula-like strings of a list export', () => {
    const { header, rows } = columnRows([{ a: '=1' }, { a: ' @a' }, { a: 'ok' }, { a: -3 }], [{ header: 'A', value: (r) => r.a }]);
    expect(sheetRows(header, rows)).toEqual([['A'], ["'=1"], ["' @a"], ['ok'], [-3]]);
  });
});

function renderIn(ui: React.ReactElement, lang?: 'zh') {
  if (lang) document.cookie = `language=${lang}; path=/`;
  const dataProvider = testDataProvider({ fetchData: async () => [{ companyCode: 'C1', companyName: 'Acme' }] } as never);
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('RateTimeline and the editor (render)', () => {
  it('draws one block per window with its price, and red marks for gaps and overlaps', () => {
    renderIn(<RateTimeline details={[row('00:00', '08:00', '0.2'), row('09:00', '24:00', '0.4'), row('20:00', '22:00', '0.5')]} currency="EUR" />);
    const windows = screen.getAllByTestId('timeline-window');
    expect(windows).toHaveLength(3);
    expect(windows[0].textContent).toBe('0.2');
    expect(screen.getByTestId('timeline-gap').getAttribute('data-start')).toBe('08:00');
    expect(screen.getByTestId('timeline-overlap').getAttribute('data-end')).toBe('22:00');
  });
  it("says what is wrong before saving, in the user's language, and refuses to remove the 24:00 row", async () => {
    renderIn(
      <RateTemplateForm initial={{ ...emptyState('C1'), modelName: 'Peak', details: three }} onSaved={() => undefined} onCancel={() => undefined} />,
      'zh',
    );
    expect(await screen.findByTestId('rt-ok')).toBeTruthy();
    // Open a one-minute gap: 08:00 → 08:01 on the second row.
    fireEvent.change(screen.getByTestId('rt-row-start-1'), { target: { value: '08:01' } });
    const problem = await screen.findByTestId('rt-problem');
    expect(within(problem).getByText(catalogueMessage(703, 'zh'))).toBeTruthy();
    expect(screen.getAllByTestId('timeline-gap')).toHaveLength(1);
    // The last row's remove button is disabled; split adds a row.
    expect((screen.getByTestId('rt-row-remove-2') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('rt-row-split-0'));
    expect(screen.getAllByTestId('rt-row')).toHaveLength(4);
  });
});
