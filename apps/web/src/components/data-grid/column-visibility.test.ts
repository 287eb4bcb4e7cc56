import { describe, expect, it } from 'vitest';
import { columnsToHide } from './column-visibility';

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
