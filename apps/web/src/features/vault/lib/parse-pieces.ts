/** One piece as typed or pasted: its serial, and its refiner and fineness when the line gives them. */
export interface PastedPiece {
  serial: string;
  refiner?: string;
  fineness?: number;
}

/**
 * The pieces of a pasted list: one a line, either a serial alone or `serial, refiner, fineness`
 * (tabs, semicolons or commas: a spreadsheet's columns paste as tabs). A line of serials alone
 * may also hold several, separated by spaces or commas. Blank lines are skipped; a fineness that
 * is no number is left for the contract to refuse.
 */
export function parsePieces(text: string): PastedPiece[] {
  const pieces: PastedPiece[] = [];
  for (const line of text.split(/\r?\n/)) {
    // Tabs first, then semicolons, then commas: a decimal comma (999,9) survives the first two.
    const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
    const cells = line
      .split(separator)
      .map((cell) => cell.trim())
      .filter(Boolean);
    if (cells.length === 0) continue;
    const last = cells.at(-1)!;
    if (cells.length === 3 && /^\d+([.,]\d+)?$/.test(last.replace(',', '.'))) {
      pieces.push({ serial: cells[0]!, refiner: cells[1]!, fineness: Number(last.replace(',', '.')) });
      continue;
    }
    for (const serial of cells.flatMap((cell) => cell.split(/\s+/))) if (serial) pieces.push({ serial });
  }
  return pieces;
}

/** Serials of a count, one a line or separated by spaces or commas, each once (a bar counted twice is one bar). */
export function parseSerials(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((serial) => serial.trim())
        .filter(Boolean),
    ),
  ];
}
