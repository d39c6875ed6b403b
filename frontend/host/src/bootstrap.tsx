// The first page a visitor sees decides what loads: without a session only the login page
// (React, react-intl, the shared core); the shell (component library, routes, dashboards) is
// fetched while the user types and shown once signed in. With a session, the shell at once.
import { createRoot } from 'react-dom/client';
import { session } from '@tradewind/shared/core';
import { Standalone } from './login/Standalone';

/** Pages that need no session and belong to the shell. */
const PUBLIC_SHELL_PAGES = ['/500'];

const element = document.getElementById('root');
if (element) {
  const root = createRoot(element);
  let shell: Promise<typeof import('./App')> | null = null;
  const loadShell = () => (shell ??= import('./App'));
  const showShell = () => loadShell().then(({ default: App }) => root.render(<App />));

  if (session.token() || PUBLIC_SHELL_PAGES.includes(window.location.pathname)) {
    void showShell();
  } else {
    if (window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
    root.render(
      <Standalone
        onTyping={() => void loadShell()}
        onLoggedIn={async () => {
          window.history.replaceState(null, '', '/dashboard');
          await showShell();
        }}
      />,
    );
  }
}
