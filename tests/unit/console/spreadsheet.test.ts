// @vitest-environment jsdom
/**
 * The console's Excel exports (src/utils/spreadsheet.ts, exceljs): the file holds one sheet with
 * the header and the rows, text neutralised against formulas, numbers as numbers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnRows, downloadXlsx, exportXlsx, sheetNameOf, workbookBytes } from '../../../src/utils/spreadsheet';
import { firstSheetName, readSheet } from '../../support/xlsx';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Captures the next download: the file name and the bytes of the blob. */
function captureDownload(): Promise<{ name: string; bytes: ArrayBuffer }> {
  return new Promise((resolve) => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      const name = this.download;
      void blob!.arrayBuffer().then((bytes) => resolve({ name, bytes }));
    });
  });
}

describe('console Excel exports (exceljs)', () => {
  it('writes a workbook with the header, neutralised text and numbers', async () => {
    const bytes = await workbookBytes(
      'Card users',
      ['Card number', 'Balance', 'Active'],
      [
        ['=HYPERLINK("x")', 12.5, true],
        [' -1', -3, false],
        [null, 0, undefined],
      ],
    );
    expect(await firstSheetName(bytes)).toBe('Card users');
    expect(await readSheet(bytes)).toEqual([
      ['Card number', 'Balance', 'Active'],
      ['\'=HYPERLINK("x")', 12.5, true],
      ["' -1", -3, false],
      ['', 0, ''],
    ]);
  });

  it('names the sheet as Excel allows (31 characters, no [ ] : * ? / \\)', () => {
    expect(sheetNameOf('a/b:c*d?e[f]g\\h')).toBe('a b c d e f g h');
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(31);
    expect(sheetNameOf('')).toBe('Sheet1');
  });

  it('downloads <name>.xlsx in the browser', async () => {
    const done = captureDownload();
    await downloadXlsx('statistics-day', '统计', ['站点', '订单'], [['@Pier', 2]]);
    const { name, bytes } = await done;
    expect(name).toBe('statistics-day.xlsx');
    expect(await firstSheetName(bytes)).toBe('统计');
    expect(await readSheet(bytes)).toEqual([
      ['站点', '订单'],
      ["'@Pier", 2],
    ]);
  });

  it('exports a list through its columns as <fileName>-YYYYMMDD.xlsx', async () => {
    const done = captureDownload();
    const records = [
      { sn: 'CP00000000000001', power: 22 },
      { sn: '+cmd', power: 7.4 },
    ];
    const columns = [
      { header: 'SN', value: (r: (typeof records)[number]) => r.sn },
      { header: 'kW', value: (r: (typeof records)[number]) => r.power },
    ];
    expect(columnRows(records, columns).rows).toEqual([
      ['CP00000000000001', 22],
      ['+cmd', 7.4],
    ]);
    await exportXlsx(records, columns, 'chargers');
    const { name, bytes } = await done;
    expect(name).toMatch(/^chargers-\d{8}\.xlsx$/);
    expect(await readSheet(bytes)).toEqual([
      ['SN', 'kW'],
      ['CP00000000000001', 22],
      ["'+cmd", 7.4],
    ]);
  });
});
