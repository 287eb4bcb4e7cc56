import { inflateSync } from 'node:zlib';

/**
 * The text and page count of a PDF that Chromium printed (`page.pdf`), read without a PDF library:
 * Chromium (Skia) writes plain objects with Flate-compressed streams, and draws text as glyph ids
 * of Type0 fonts (Identity-H) whose ToUnicode maps give the characters back. That is all this
 * reads; it is not a general PDF reader.
 */
interface PdfText {
  pages: number;
  /** Each page's text: one line per text object (BT ... ET), in drawing order. */
  pageTexts: string[];
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const text = pdf.toString('latin1');
  const start = /(\d+) 0 obj\b/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const bodyStart = match.index + match[0].length;
    const end = text.indexOf('endobj', bodyStart);
    if (end < 0) break;
    const body = text.slice(bodyStart, end);
    const streamAt = /\bstream\r?\n/.exec(body);
    if (!streamAt) {
      objects.set(Number(match[1]), { dict: body });
    } else {
      const dict = body.slice(0, streamAt.index);
      const length = /\/Length (\d+)(?! \d+ R)/.exec(dict);
      const dataStart = bodyStart + streamAt.index + streamAt[0].length;
      const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf('endstream', dataStart);
      const raw = pdf.subarray(dataStart, dataEnd);
      objects.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
    }
    start.lastIndex = end;
  }
  return objects;
}

/** Hex of UTF-16BE code units as text. */
const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

/** A ToUnicode CMap: glyph code (hex, 4 digits) to text. */
function readCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, to] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(code!.toUpperCase(), utf16(to!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, to] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g)) {
      const first = parseInt(low!, 16);
      const targets = to!.startsWith('[') ? [...to!.matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) => m[1]!) : null;
      for (let code = first; code <= parseInt(high!, 16); code++) {
        const key = code.toString(16).toUpperCase().padStart(low!.length, '0');
        if (targets) map.set(key, utf16(targets[code - first] ?? ''));
        else {
          const base = to!.slice(1, -1);
          const last = parseInt(base.slice(-4), 16) + (code - first);
          map.set(key, utf16(base.slice(0, -4) + last.toString(16).padStart(4, '0')));
        }
      }
    }
  }
  return map;
}

const reference = (dict: string, key: string) => {
  const found = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return found ? Number(found[1]) : undefined;
};

/** What a page or a form draws with: its fonts (resource name -> glyph map) and forms (resource name -> object). */
interface Resources {
  fonts: Map<string, Map<string, string>>;
  forms: Map<string, number>;
}

const namedReferences = (dict: string, key: string) =>
  [...(new RegExp(`/${key} <<([^>]*)>>`).exec(dict)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map(([, name, id]): [string, number] => [
    name!,
    Number(id),
  ]);

/** The text drawn by a content stream, lines in drawing order; forms it draws (`/X Do`) are read in place. */
function drawnText(content: string, resources: Resources, formText: (id: number, inherited: Resources) => string[]): string[] {
  const lines: string[] = [];
  let line = '';
  let font: Map<string, string> | undefined;
  const decode = (hex: string) => (hex.replace(/\s/g, '').toUpperCase().match(/.{4}/g) ?? []).map((code) => font?.get(code) ?? '').join('');
  const token = /\/(\w+) [\d.]+ Tf|<([0-9A-Fa-f\s]*)> Tj|\[([^\]]*)\] TJ|\/(\w+) Do\b|\bBT\b|\bET\b/g;
  for (const match of content.matchAll(token)) {
    if (match[1] !== undefined) font = resources.fonts.get(match[1]);
    else if (match[2] !== undefined) line += decode(match[2]);
    else if (match[3] !== undefined) for (const part of match[3].matchAll(/<([0-9A-Fa-f\s]*)>/g)) line += decode(part[1]!);
    else if (match[4] !== undefined) {
      const form = resources.forms.get(match[4]);
      if (form !== undefined) lines.push(...formText(form, resources));
    } else if (match[0] === 'ET') {
      lines.push(line);
      line = '';
    }
  }
  return lines.filter((text) => text.trim() !== '');
}

export function readPdfText(pdf: Buffer): PdfText {
  const objects = readObjects(pdf);
  const glyphMaps = new Map<number, Map<string, string>>();
  const fontMap = (id: number) => {
    let map = glyphMaps.get(id);
    if (!map) {
      const toUnicode = reference(objects.get(id)?.dict ?? '', 'ToUnicode');
      const cmap = toUnicode === undefined ? undefined : objects.get(toUnicode)?.stream;
      map = cmap ? readCMap(cmap.toString('latin1')) : new Map();
      glyphMaps.set(id, map);
    }
    return map;
  };
  const resourcesOf = (dict: string, inherited?: Resources): Resources => {
    const fonts = namedReferences(dict, 'Font');
    const forms = namedReferences(dict, 'XObject');
    return {
      fonts: fonts.length ? new Map(fonts.map(([name, id]) => [name, fontMap(id)])) : (inherited?.fonts ?? new Map()),
      forms: forms.length ? new Map(forms) : (inherited?.forms ?? new Map()),
    };
  };
  const formText = (id: number, inherited: Resources): string[] => {
    const form = objects.get(id);
    if (!form?.stream || !/\/Subtype \/Form/.test(form.dict)) return [];
    return drawnText(form.stream.toString('latin1'), resourcesOf(form.dict, inherited), formText);
  };
  const pageTexts: string[] = [];
  for (const object of objects.values()) {
    if (!/\/Type \/Page\b(?!s)/.test(object.dict)) continue;
    const contents = reference(object.dict, 'Contents');
    const content = contents === undefined ? '' : (objects.get(contents)?.stream?.toString('latin1') ?? '');
    pageTexts.push(drawnText(content, resourcesOf(object.dict), formText).join('\n'));
  }
  return { pages: pageTexts.length, pageTexts };
}
