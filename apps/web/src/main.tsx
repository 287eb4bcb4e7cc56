import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './fonts.css';
import { createQueryClient } from './app/query-client';
import { paths } from './config/paths';
import { applyLanguage, storedLanguage } from './lib/i18n';
import { hasSessionHint } from './lib/session-hint';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
const queryClient = createQueryClient();

function couldNotLoad() {
  container!.textContent = 'The Back Office console could not be downloaded. Check the connection, then reload the page.';
}

async function startConsole() {
  const { App } = await import('./app');
  render(<App queryClient={queryClient} />);
}

/**
 * '/' with no admin noted as signed in here (most visits of the sign-in page): the standalone
 * sign-in page, without the router and the rest of the console, which load once the admin is in.
 * Anything else: the console (its router shows the sign-in page too, when a page sends there).
 */
async function start() {
  // The language last chosen in this browser, its catalogue loaded alongside the first screen's code
  // (a catalogue that cannot be downloaded leaves English). The session then says the admin's own.
  const language = applyLanguage(storedLanguage()).catch(() => undefined);
  if (window.location.pathname !== paths.auth.signIn.path || hasSessionHint()) {
    await language;
    return startConsole();
  }
  const { StandaloneSignIn } = await import('./app/routes/auth/standalone-sign-in');
  await language;
  const onSignedIn = (target: string) => {
    window.history.replaceState(null, '', target);
    // Should the console's code not arrive, a full page load of the target tries again.
    startConsole().catch(() => window.location.assign(target));
  };
  render(<StandaloneSignIn queryClient={queryClient} onSignedIn={onSignedIn} />);
}

start().catch(couldNotLoad);
