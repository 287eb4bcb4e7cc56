import { config } from 'zod/v4/core';

// The console's CSP forbids eval. zod would otherwise probe `new Function` when the contract's
// schemas are built, and Chromium logs that refusal as a CSP violation on every page; the
// interpreted parser is quick enough for a page of rows. Set before any schema is created.
config({ jitless: true });
