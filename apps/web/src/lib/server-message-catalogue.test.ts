import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import serverMessages from '@/locales/id/server.json';
import consoleServerMessages from '@/locales/id/server-console.json';
import { ApiError, errorMessage } from './api-client';
import { i18n, loadIndonesianCatalogue } from './i18n';

/** The server's messages: those any page may show (loaded with the sign-in page), and those only a signed-in operation or the platform API brings (loaded with the console). */
const serverCatalogue: Record<string, string> = { ...serverMessages, ...consoleServerMessages };

/**
 * Every message the API can answer with, read from its source: a new message without an
 * Indonesian entry in locales/id/server.json (or server-console.json: messages no signed-out page can show) fails here.
 */
const apiSources = import.meta.glob<string>(
  ['../../../api/src/**/*.ts', '!../../../api/src/**/*.test.ts', '!../../../api/src/**/testing/**', '!../../../api/src/test/**'],
  { query: '?raw', import: 'default', eager: true },
);
/** The contract's own validation messages (the API answers them as 'body.field: message'). */
const contractSources = import.meta.glob<string>(
  ['../../../../packages/contract/src/**/*.ts', '!../../../../packages/contract/src/**/*.test.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** What a figure or a name in a message becomes in the sample checked against the catalogue. */
const FIGURE = '12';

/** The text of the call's arguments from `open` (just after its '('), to its matching ')'. */
function argumentsFrom(source: string, open: number): string {
  let depth = 1;
  for (let i = open; i < source.length; i++) {
    const c = source[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i = literalEnd(source, i);
      continue;
    }
    if (c === '(' || c === '{' || c === '[') depth++;
    if (c === ')' || c === '}' || c === ']') depth--;
    if (depth === 0) return source.slice(open, i);
  }
  throw new Error(`unclosed call at ${open}`);
}

/** Where the string or template literal starting at `start` ends (its closing quote). */
function literalEnd(source: string, start: number): number {
  const quote = source[start]!;
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (quote === '`' && c === '$' && source[i + 1] === '{') {
      let depth = 1;
      for (i += 2; depth > 0; i++) {
        const inner = source[i]!;
        if (inner === "'" || inner === '"' || inner === '`') i = literalEnd(source, i);
        else if (inner === '{') depth++;
        else if (inner === '}') depth--;
      }
      i--;
    }
  }
  throw new Error(`unclosed literal at ${start}`);
}

/**
 * The top-level literals of an expression (an argument list, a ternary; not those inside a
 * function or an object argument), each as a sample message (a `${...}` becomes a figure).
 */
function literalsIn(expression: string): string[] {
  const found: string[] = [];
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (c === '(' || c === '{' || c === '[') depth++;
    if (c === ')' || c === '}' || c === ']') depth--;
    if (c !== "'" && c !== '"' && c !== '`') continue;
    if (depth > 0) {
      i = literalEnd(expression, i);
      continue;
    }
    const end = literalEnd(expression, i);
    found.push(sample(expression.slice(i + 1, end), c));
    i = end;
  }
  return found;
}

function sample(body: string, quote: string): string {
  let text = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') {
      text += body[++i];
    } else if (quote === '`' && body[i] === '$' && body[i + 1] === '{') {
      // Skip the expression (its own literals included) and write a figure instead.
      let depth = 1;
      for (i += 2; depth > 0; i++) {
        const inner = body[i]!;
        if (inner === "'" || inner === '"' || inner === '`') i = literalEnd(body, i);
        else if (inner === '{') depth++;
        else if (inner === '}') depth--;
      }
      i--;
      text += FIGURE;
    } else text += body[i];
  }
  return text;
}

/** A message needs a translation when it has words of its own, not only figures and punctuation. */
const hasWords = (message: string) => /[A-Za-z]{2,}/.test(message);

interface Found {
  where: string;
  messages: string[];
  /** The argument when no literal gives the message (it is built elsewhere). */
  dynamic?: string;
}

/** The messages of every call to `callee` in a file; an identifier argument is read from its `const` there. */
function messagesOfCalls(file: string, source: string, callee: RegExp): Found[] {
  const found: Found[] = [];
  for (const match of source.matchAll(callee)) {
    const args = argumentsFrom(source, match.index + match[0].length);
    const where = `${file}: ${match[0]}${args.slice(0, 60)}`;
    let messages = literalsIn(args).filter(hasWords);
    if (messages.length === 0) {
      const name = /^\s*(?:\d+\s*,\s*)?([A-Za-z_$][\w$]*)\s*(?:,|$)/.exec(args)?.[1];
      const constant = name ? new RegExp(`const ${name} = (['\`])`).exec(source) : null;
      if (constant)
        messages = literalsIn(
          source.slice(constant.index + constant[0].length - 1, literalEnd(source, constant.index + constant[0].length - 1) + 1),
        );
    }
    found.push(messages.length > 0 || !args.trim() ? { where, messages } : { where, messages, dynamic: args.trim() });
  }
  return found;
}

function apiMessages(): Found[] {
  const found: Found[] = [];
  for (const [path, source] of Object.entries(apiSources)) {
    const file = path.replace('../../../api/src/', '');
    if (file === 'lib/http-errors.ts') {
      // The helpers themselves; the one message of their own is unauthorized()'s default.
      const defaults = [...source.matchAll(/\(message = ('[^']*')\)/g)].map((m) => literalsIn(m[1]!)[0]!);
      found.push({ where: file, messages: defaults });
      continue;
    }
    found.push(
      ...messagesOfCalls(file, source, /\b(?:badRequest|unauthorized|forbidden|notFound|conflict|tooManyRequests|serviceUnavailable)\(/g),
      ...messagesOfCalls(file, source, /\bnew HttpError\(/g),
      ...messagesOfCalls(file, source, /\bsendError\(reply, /g),
      // Reserves answer 200 with a `message` saying why the figures are old.
      ...messagesOfCalls(file, source, /\bstale\(/g),
    );
    if (file === 'plugins/error-handler.ts')
      found.push({ where: file, messages: literalsIn(/issue\.message \?\? ('[^']*')/.exec(source)![1]!) });
    if (file === 'modules/identity/admins/passwords.ts') {
      // The password policy's reasons, answered as `body.password: <reason>`.
      const policy = source.slice(source.indexOf('export function passwordPolicyViolation'));
      found.push({ where: file, messages: [...policy.matchAll(/return (['`][^\n]*['`]);/g)].flatMap((m) => literalsIn(m[1]!)) });
    }
  }
  return found;
}

function contractMessages(): Found[] {
  const found: Found[] = [];
  for (const [path, source] of Object.entries(contractSources)) {
    const file = path.replace('../../../../packages/contract/src/', '');
    found.push(
      ...messagesOfCalls(
        file,
        source,
        /(?:\.(?:min|max|length|int|positive|nonnegative|regex|refine|email|url|uuid|gte|lte|gt|lt|multipleOf)|\bz\.(?:email|url|uuid|iso\.\w+))\(/g,
      ).map((call) => ({ ...call, dynamic: undefined })),
    );
    for (const match of source.matchAll(/\b(?:message|error):\s*(['`])/g)) {
      const start = match.index + match[0].length - 1;
      found.push({
        where: `${file}: ${match[0]}`,
        messages: literalsIn(source.slice(start, literalEnd(source, start) + 1)).filter(hasWords),
      });
    }
  }
  return found;
}

/**
 * Built from parts checked elsewhere: the lifecycle's refusals (server-messages.test.ts goes
 * through every action and status), a field path and the password policy's reason (read above),
 * the error handler's passing on of a message already made (a thrown HttpError's, a validation
 * problem's, Fastify's own).
 */
const builtElsewhere = [
  'modules/redemptions/redemptions.service.ts: conflict(refusal',
  'modules/identity/admin-management/admins.service.ts: badRequest(`${field}: ${violation}`',
  'plugins/error-handler.ts: sendError(reply, error.statusCode, error.message',
  'plugins/error-handler.ts: sendError(reply, 400, message, issues',
  'plugins/error-handler.ts: sendError(reply, statusCode, error.message',
  // One sentence per permission (route-permissions.ts), each catalogued: "Your role ({{role}}) may not move stock: ...".
  'modules/identity/sessions/route-permissions.ts: forbidden(permissionRefusal',
];

describe('the server message catalogue', () => {
  const api = apiMessages();
  const contract = contractMessages();

  beforeAll(async () => {
    i18n.addResourceBundle('id', 'translation', serverCatalogue, true, true);
    await i18n.changeLanguage('id');
  });

  afterAll(async () => {
    i18n.removeResourceBundle('id', 'translation');
    await i18n.changeLanguage('en');
  });

  it('reads the messages from the API source', () => {
    const messages = api.flatMap((call) => call.messages);
    // Sanity: the scan finds what it is meant to (one message of each kind of helper).
    expect(messages).toEqual(
      expect.arrayContaining([
        'Sign in required',
        'Invalid email or password',
        'Redemption 12 not found',
        'Wrong code: 12 12 left',
        'Wrong code, and no tries left: send a new code',
        'Internal Server Error',
        'is invalid',
        'password is too common or easy to guess',
        'Cannot send the code: e-mail delivery is not configured on this server (SMTP_URL)',
      ]),
    );
    expect(messages.length).toBeGreaterThan(50);
    expect(contract.flatMap((call) => call.messages)).toEqual(
      expect.arrayContaining(['page needs limit', 'otp must be 6 digits', '12 is required']),
    );
  });

  it('has only the known messages built elsewhere', () => {
    const dynamic = api.filter((call) => call.dynamic !== undefined);
    const unknown = dynamic.filter((call) => !builtElsewhere.some((known) => call.where.startsWith(known)));
    expect(unknown.map((call) => call.where)).toEqual([]);
  });

  it('has an Indonesian entry for every message of the API and the contract', () => {
    const missing = [...api, ...contract]
      .flatMap((call) => call.messages.map((message) => ({ message, where: call.where })))
      .filter(({ message }) => errorMessage(new ApiError(409, message)) === message);
    expect(missing).toEqual([]);
  });

  it('keeps those translations with the whole console catalogue loaded (no other text takes them over)', async () => {
    const messages = [...api, ...contract].flatMap((call) => call.messages);
    const serverOnly = messages.map((message) => errorMessage(new ApiError(409, message)));
    // As the console loads it: every feature's file merged, in their order.
    i18n.removeResourceBundle('id', 'translation');
    i18n.addResourceBundle('id', 'translation', await loadIndonesianCatalogue());
    expect(messages.map((message) => errorMessage(new ApiError(409, message)))).toEqual(serverOnly);
  });
});
