import { describe, expect, it } from 'vitest';
import { parsePieces, parseSerials } from './parse-pieces';

describe('parsePieces', () => {
  it('reads serials alone, several a line, and spreadsheet rows with refiner and fineness', () => {
    const text = 'AB-001\nAB-002 AB-003\n\nAB-004\tAntam\t999.9\r\nAB-005; UBS; 999,9\nAB-006, Valcambi, 999.9\n';
    expect(parsePieces(text)).toEqual([
      { serial: 'AB-001' },
      { serial: 'AB-002' },
      { serial: 'AB-003' },
      { serial: 'AB-004', refiner: 'Antam', fineness: 999.9 },
      { serial: 'AB-005', refiner: 'UBS', fineness: 999.9 },
      { serial: 'AB-006', refiner: 'Valcambi', fineness: 999.9 },
    ]);
  });
});

describe('parseSerials', () => {
  it('splits on spaces, commas and lines, and counts a serial once', () => {
    expect(parseSerials(' A1 A2,A3\nA1\n\n')).toEqual(['A1', 'A2', 'A3']);
  });
});
