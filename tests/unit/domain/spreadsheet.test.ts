import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseText } from '../../../domain/spreadsheet';

describe('spreadsheet formula neutraliser (requirements R10.16)', () => {
  it.each([
    ['=SUM(A1:A9)'],
    ['+1+1'],
    ['-2+3'],
    ['@cmd'],
    [' =1+1'],
    ['   @SUM(A1)'],
    ['\u00a0+cmd'],
    ['\n=HYPERLINK("x")'],
    ['\t=1+1'],
    ['\tplain'],
    ['\r=1'],
    ['\rplain'],
  ])('prefixes %j with a quote', (text) => {
    expect(neutraliseText(text)).toBe(`'${text}`);
    expect(neutraliseCell(text)).toBe(`'${text}`);
  });

  it.each([['Plain'], ['a=b'], ['x-1'], ['user@example.com'], [''], ['充电站 =1']])('leaves %j as it is', (text) => {
    expect(neutraliseText(text)).toBe(text);
  });

  it('keeps numbers and booleans and turns missing values into empty cells', () => {
    expect(neutraliseCell(-2)).toBe(-2);
    expect(neutraliseCell(0)).toBe(0);
    expect(neutraliseCell(false)).toBe(false);
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell(undefined)).toBe('');
  });
});
