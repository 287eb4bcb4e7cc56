import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './fonts.css';
import { createQueryClient } from './app/query-client';
import { paths } from './config/paths';
import { applyLanguage, deferConsoleTexts, loadConsoleTexts, storedLanguage } from './lib/i18n';
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
  // The console's Indonesian texts, when Indonesian is on (a part that cannot be downloaded stays in English).
  const [{ App }] = await Promise.all([import('./app'), loadConsoleTexts().catch(() => undefined)]);
  render(<App queryClient={queryClient} />);
}

/**
 * '/' with no admin noted as signed in here (most visits of the sign-in page): the standalone
 * sign-in page, without the router and the rest of the console, which load once the admin is in.
 * Anything else: the console (its router shows the sign-in page too, when a page sends there).
 */
async function start() {
  const signInPage = window.location.pathname === paths.auth.signIn.path && !hasSessionHint();
  // The standalone sign-in page needs only its own Indonesian texts; the console's load as it starts.
  if (signInPage) deferConsoleTexts();
  // The language last chosen in this browser, its catalogue loaded alongside the first screen's code
  // (a catalogue that cannot be downloaded leaves English). The session then says the admin's own.
  const language = applyLanguage(storedLanguage()).catch(() => undefined);
  if (!signInPage) {
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
