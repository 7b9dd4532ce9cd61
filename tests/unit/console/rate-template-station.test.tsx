// @vitest-environment jsdom
/**
 * The rate-template editor in the station context (requirements §3/§5: 1 to 4 tax rows on the station
 * screen, 5 in the template popup): the limits of the editor's checks, the add-tax button and
 * the section title at 4, saving with `?context=station` (through the data provider's
 * `meta.query`), server refusals in the user's language, and the dialog's read-only free template.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, HttpError, testDataProvider } from 'react-admin';
import { catalogueMessage } from '../../../domain/errors';
import { checkTaxes, MAX_TAXES, MAX_TAXES_STATION, maxTaxes, type TaxInput } from '../../../domain/rate-template';
import { createI18nProvider } from '../../../src/i18n';
import { editorProblems, emptyState, serverErrorText, type EditorState } from '../../../src/components/rate-template/editorModel';
import type { RateTemplateRecord } from '../../../domain/entities/rate-template';
import { templateProblem } from '../../../src/components/rate-template/timeline';
import { RateTemplateForm } from '../../../src/components/rate-template/RateTemplateForm';
import { RateTemplateDialog } from '../../../src/components/rate-template/RateTemplateDialog';
import en from '../../../src/i18n/modules/rate-template';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const taxes = (n: number): TaxInput[] => Array.from({ length: n }, (_, i) => ({ taxName: `T${i + 1}`, taxPercentage: '1' }));
const charged = (n: number): EditorState => ({ ...emptyState('C1'), modelName: 'Peak', taxes: taxes(n) });

describe('tax-row limits by context', () => {
  it('allows 4 taxes on the station screen and 5 in the template popup', () => {
    expect(MAX_TAXES_STATION).toBe(4);
    expect(MAX_TAXES).toBe(5);
    expect(maxTaxes('station')).toBe(4);
    expect(maxTaxes('template')).toBe(5);
    expect(maxTaxes()).toBe(5);
  });
  it("station: 4 taxes pass, 5 are refused with the domain's code (400 on `taxes`)", () => {
    expect(checkTaxes(taxes(4), 'station')).toBeNull();
    expect(checkTaxes(taxes(5), 'station')).toEqual({ code: 400, field: 'taxes' });
    expect(checkTaxes(taxes(5), 'template')).toBeNull();
    expect(templateProblem({ type: 'CHARGED', taxes: taxes(5), details: charged(5).details }, 'zh', 'station')).toMatchObject({
      code: 400,
      field: 'taxes',
      message: catalogueMessage(400, 'zh'),
    });
  });
  it("the editor's problems follow the context and say the maximum", () => {
    expect(editorProblems(charged(4), 'en', 'station')).toEqual([]);
    const five = editorProblems(charged(5), 'en', 'station');
    expect(five).toEqual([{ field: 'taxes', message: 'resources.rate-template.errors.max_taxes', key: true, args: { max: 4 }, code: 400 }]);
    expect(editorProblems(charged(5), 'en')).toEqual([]);
    expect(editorProblems(charged(6), 'en', 'template')[0]).toMatchObject({ code: 400, args: { max: 5 } });
  });
  it('below-zero percentages stay 649 in the station context', () => {
    const bad = {
      ...charged(2),
      taxes: [
        { taxName: 'VAT', taxPercentage: '-1' },
        { taxName: 'City', taxPercentage: '2' },
      ],
    };
    expect(editorProblems(bad, 'zh', 'station')).toEqual([{ field: 'taxes.0.taxPercentage', message: catalogueMessage(649, 'zh'), index: 0, code: 649 }]);
  });
});

describe('serverErrorText', () => {
  it("answers the catalogue message of the server's code in the user's language, keeping the field", () => {
    const refused = new HttpError('Parameter error: taxes', 400, { code: 400 });
    expect(serverErrorText(refused, 'zh')).toEqual({ text: `${catalogueMessage(400, 'zh')}: taxes`, key: false });
    expect(serverErrorText(new HttpError('A free template cannot be edited', 409, { code: 811 }), 'zh')).toEqual({
      text: catalogueMessage(811, 'zh'),
      key: false,
    });
    expect(serverErrorText(new HttpError('app.error.network', 0, { code: 0, network: true }), 'en')).toEqual({ text: 'app.error.network', key: true });
  });
});

const record = (over: Partial<RateTemplateRecord> = {}): RateTemplateRecord => ({
  id: 7,
  companyCode: 'C1',
  companyName: 'Acme',
  modelName: 'Peak',
  type: 'CHARGED',
  description: null,
  currency: 'EUR',
  serviceFeePerKwh: '0',
  serviceTax: '0',
  activated: true,
  taxes: taxes(1).map((t, i) => ({ id: i + 1, ...t })),
  details: [{ id: 1, startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '0.3' }],
  stationCount: 1,
  createdAt: null,
  updatedAt: null,
  ...over,
});

function renderIn(ui: React.ReactElement, provider: Record<string, unknown> = {}, lang?: 'zh') {
  if (lang) document.cookie = `language=${lang}; path=/`;
  const dataProvider = testDataProvider({ fetchData: async () => [{ companyCode: 'C1', companyName: 'Acme' }], ...provider } as never);
  return render(
    <MemoryRouter>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={createI18nProvider()}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('RateTemplateForm in the station context', () => {
  it('adds tax rows up to 4, says so in the title, and saves with ?context=station', async () => {
    const create = vi.fn(async (_r: string, p: { data: Record<string, unknown> }) => ({ data: { ...record({ id: 11 }), ...p.data, id: 11 } }));
    const onSaved = vi.fn();
    renderIn(<RateTemplateForm context="station" lockCompany initial={charged(1)} onSaved={onSaved} onCancel={() => undefined} />, { create });
    expect(screen.getByText(en.en.resources['rate-template'].sections.taxes.replace('%{max}', '4'))).toBeTruthy();
    const add = screen.getByTestId('rt-tax-add') as HTMLButtonElement;
    for (let i = 0; i < 3; i++) fireEvent.click(add);
    expect(screen.getAllByTestId('rt-tax-row')).toHaveLength(4);
    expect(add.disabled).toBe(true);
    // New rows have an empty name (605) until filled.
    for (let i = 1; i < 4; i++) fireEvent.change(screen.getByTestId(`rt-tax-name-${i}`), { target: { value: `Tax ${i}` } });
    await screen.findByTestId('rt-ok');
    fireEvent.click(screen.getByTestId('rt-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledTimes(1);
    const params = create.mock.calls[0][1] as { data: { taxes: TaxInput[] }; meta: unknown };
    expect(params.meta).toEqual({ query: { context: 'station' } });
    expect(params.data.taxes).toHaveLength(4);
    expect(onSaved.mock.calls[0][0]).toMatchObject({ id: 11, modelName: 'Peak' });
  });

  it('the template page keeps 5 rows', () => {
    renderIn(<RateTemplateForm initial={charged(1)} onSaved={() => undefined} onCancel={() => undefined} />);
    const add = screen.getByTestId('rt-tax-add') as HTMLButtonElement;
    for (let i = 0; i < 6; i++) fireEvent.click(add);
    expect(screen.getAllByTestId('rt-tax-row')).toHaveLength(5);
    expect(add.disabled).toBe(true);
  });

  it('a stored template with 5 taxes is held back with the maximum, in Chinese', async () => {
    renderIn(<RateTemplateForm context="station" id={7} initial={charged(5)} onSaved={() => undefined} onCancel={() => undefined} />, {}, 'zh');
    const problem = await screen.findByTestId('rt-problem');
    expect(within(problem).getByText('此处最多 4 个税项：请删除一项')).toBeTruthy();
    expect((screen.getByTestId('rt-tax-add') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a refusal of the server with the catalogue message in the user's language", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the refusal
    const update = vi.fn(async () => {
      throw new HttpError('Tax rate must be at least 0: taxes.0.taxPercentage', 400, { code: 649 });
    });
    const onSaved = vi.fn();
    renderIn(<RateTemplateForm context="station" id={7} initial={charged(2)} onSaved={onSaved} onCancel={() => undefined} />, { update }, 'zh');
    fireEvent.click(await screen.findByTestId('rt-save'));
    const alert = await screen.findByTestId('rt-save-error');
    expect(alert.textContent).toContain(`${catalogueMessage(649, 'zh')}: taxes.0.taxPercentage`);
    expect((update.mock.calls[0] as unknown[])[1]).toMatchObject({ id: 7, meta: { query: { context: 'station' } } });
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('RateTemplateDialog', () => {
  it('opens a free template read-only, with the 811 rule and a note', async () => {
    const getOne = vi.fn(async () => ({ data: record({ type: 'FREE', details: [], modelName: 'Free charging' }) }));
    renderIn(<RateTemplateDialog mode={{ kind: 'edit', id: 7 }} onClose={() => undefined} onSaved={() => undefined} />, { getOne });
    expect(await screen.findByTestId('rate-template-readonly-note')).toBeTruthy();
    expect(screen.getByTestId('rate-template-readonly-rule').textContent).toBe(catalogueMessage(811, 'en'));
    expect(screen.getByTestId('rate-template-readonly-note').textContent).toContain('read-only');
    expect((screen.getByTestId('rt-save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('rt-dialog-note').textContent).toContain('4');
  });
  it("creates a template of the station's company and type, activated, then closes", async () => {
    const create = vi.fn(async (_r: string, p: { data: Record<string, unknown> }) => ({ data: { ...record({ id: 12 }), ...p.data, id: 12 } }));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderIn(<RateTemplateDialog mode={{ kind: 'create', companyCode: 'C1', type: 'CHARGED' }} onClose={onClose} onSaved={onSaved} />, { create });
    fireEvent.change(await screen.findByTestId('rt-model-name'), { target: { value: 'Station made' } });
    fireEvent.click(await screen.findByTestId('rt-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const data = (create.mock.calls[0][1] as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ companyCode: 'C1', type: 'CHARGED', activated: true, modelName: 'Station made' });
    expect(onSaved.mock.calls[0][0]).toMatchObject({ id: 12 });
  });
  it("shows a load failure with the catalogue message in the user's language, and a retry", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the refusal
    const getOne = vi.fn(async () => {
      throw new HttpError('Template not found', 404, { code: 804 });
    });
    renderIn(<RateTemplateDialog mode={{ kind: 'edit', id: 99 }} onClose={() => undefined} onSaved={() => undefined} />, { getOne }, 'zh');
    const state = await screen.findByTestId('error-state');
    expect(state.textContent).toContain(catalogueMessage(804, 'zh'));
    fireEvent.click(within(state).getByRole('button'));
    await waitFor(() => expect(getOne).toHaveBeenCalledTimes(2));
  });
});
