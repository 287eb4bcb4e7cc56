import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { csvStream, neutraliseCell } from './csv-stream';

describe('csvStream', () => {
  it('quotes a cell starting with = + - @ a tab or a carriage return, and nothing else', () => {
    expect(['=1+1', '+62', '-5', '@SUM(A1)', '\tx', '\rx'].map(neutraliseCell)).toEqual([
      "'=1+1",
      "'+62",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['Budi', '0x12', '1.5', ' =x', "'already", ''].map(neutraliseCell)).toEqual(['Budi', '0x12', '1.5', ' =x', "'already", '']);
  });

  it('writes a byte order mark, the header and one line per row, null as an empty cell', async () => {
    async function* batches(): AsyncGenerator<Array<{ id: number; name: string; note: string | null }>> {
      yield [{ id: 1, name: 'Budi', note: null }];
      yield [{ id: 2, name: 'Sari, "Ibu"', note: '=cmd' }];
    }
    let text = '';
    for await (const chunk of csvStream(['id', 'name', 'note'], batches())) text += String(chunk);
    expect(text).toBe('\uFEFFid,name,note\n1,Budi,\n2,"Sari, ""Ibu""",\'=cmd\n');
  });

  it('stops reading batches when the client goes away', async () => {
    let read = 0;
    let released = false;
    async function* endless() {
      try {
        for (;;) {
          read++;
          yield Array.from({ length: 1000 }, (_, i) => ({ id: read * 1000 + i, name: 'x'.repeat(100) }));
        }
      } finally {
        released = true;
      }
    }
    const stream = csvStream(['id', 'name'], endless());
    await once(stream, 'readable');
    stream.destroy();
    await once(stream, 'close');
    await expect.poll(() => released).toBe(true);
    expect(read).toBeLessThan(100);
  });

  it('breaks the file off when reading fails half-way', async () => {
    async function* failing() {
      yield [{ id: 1 }];
      throw new Error('database gone');
    }
    const stream = csvStream(['id'], failing());
    await expect(
      (async () => {
        for await (const chunk of stream) void chunk;
      })(),
    ).rejects.toThrow('database gone');
  });
});
