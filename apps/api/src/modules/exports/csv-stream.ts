import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * Cells a spreadsheet would run as a formula (CSV injection): text starting with = + - @, a tab
 * or a carriage return. Such a cell gets a leading quote, which spreadsheets show as text.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function neutraliseCell(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/**
 * Rows (in batches, as `streamRows` reads them page by page) as a CSV stream: a byte order
 * mark (spreadsheets then read UTF-8), a header row of the given columns, one line per row,
 * null as an empty cell. Batches are pulled only as fast as the client reads; a failure
 * half-way (the database gone) breaks the stream off, so a cut file is never taken as whole.
 */
export function csvStream<Row extends object>(columns: readonly (keyof Row & string)[], batches: AsyncIterable<Row[]>): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const batch of batches) yield* batch;
    })(),
  );
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...columns],
    cast: { string: neutraliseCell },
  });
  return pipeline(rows, csv, () => {
    // Errors reach the reply through the destroyed stream; nothing more to do here.
  });
}
