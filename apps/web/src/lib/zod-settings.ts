import { config } from 'zod/v4/core';

// The console's CSP forbids eval. zod would otherwise probe `new Function` when the contract's
// schemas are built, and Chromium logs that refusal as a CSP violation. The interpreted parser is
// quick enough for a page of rows. Imported before the contract wherever the contract is first
// loaded (the console's entry, the sign-in form's lazy load), never by the sign-in page's first
// chunk, which carries no zod.
config({ jitless: true });
