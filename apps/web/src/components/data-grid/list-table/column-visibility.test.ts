import { describe, expect, it } from 'vitest';
import { columnWidths, columnsToHide } from './column-visibility';

const columns = [
  { field: 'name', flex: 1, minWidth: 150 },
  { field: 'province', width: 120, optional: 1 },
  { field: 'email', flex: 1, minWidth: 200 },
  { field: 'balance', width: 100, optional: 3 },
  { field: 'gender', width: 80, optional: 2 },
  { field: 'detail', width: 60 },
];

describe('columnsToHide', () => {
  it('hides nothing when every column fits, or while the width is unknown', () => {
    expect(columnsToHide(columns, 710, {})).toEqual([]);
    expect(columnsToHide(columns, 0, {})).toEqual([]);
  });

  it('hides optional columns in their order until the others fit (flex columns count their minWidth)', () => {
    expect(columnsToHide(columns, 709, {})).toEqual(['province']);
    expect(columnsToHide(columns, 500, {})).toEqual(['province', 'gender', 'balance']);
    // Essential columns alone are wider: every optional one goes, and the row scrolls.
    expect(columnsToHide(columns, 300, {})).toEqual(['province', 'gender', 'balance']);
  });

  it('leaves a column the admin showed or hid as chosen, and counts it as chosen', () => {
    expect(columnsToHide(columns, 500, { province: true })).toEqual(['gender', 'balance']);
    expect(columnsToHide(columns, 590, { email: false })).toEqual([]);
  });
});

describe('columnWidths', () => {
  it('gives the fixed columns their width and shares the rest among the flex columns by their flex', () => {
    const shown = [
      { field: 'time', width: 170 },
      { field: 'admin', flex: 1, minWidth: 100 },
      { field: 'change', flex: 3, minWidth: 100 },
    ];
    expect(columnWidths(shown, 570)).toEqual([170, 100, 300]);
  });

  it('holds a flex column at its minWidth and gives the others the rest, so the row is never wider than the table', () => {
    // The Audit Log at 930 px: 'admin' would get 161 px of the 420 left, under its 170.
    const shown = [
      { field: 'occurredAt', width: 170 },
      { field: 'admin', flex: 1, minWidth: 170 },
      { field: 'action', width: 190 },
      { field: 'entity', width: 150 },
      { field: 'change', flex: 1.6, minWidth: 220 },
    ];
    const widths = columnWidths(shown, 930);
    expect(widths).toEqual([170, 170, 190, 150, 250]);
    expect(widths.reduce((sum, each) => sum + each, 0)).toBe(930);
  });

  it('holds a flex column at its maxWidth, and puts every flex column at its least while the width is unknown', () => {
    const shown = [
      { field: 'a', flex: 1, maxWidth: 100 },
      { field: 'b', flex: 1, minWidth: 80 },
    ];
    expect(columnWidths(shown, 500)).toEqual([100, 400]);
    expect(columnWidths(shown, 0)).toEqual([50, 80]);
  });
});
