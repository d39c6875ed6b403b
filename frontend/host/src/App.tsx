// The shell: language and theme, the API client's hooks, the session's start (user, info,
// permissions, applications), the routes, the token renewal and the notifications socket.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createIntl, createIntlCache, IntlProvider } from 'react-intl';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { Box, CircularProgress, CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import {
  configureApi,
  initialLocale,
  MscType,
  readCookie,
  rememberLocale,
  session,
  sharedEn,
  sharedZhCN,
  topMenu,
  useSession,
  writeCookie,
  type AppEntry,
  type Locale,
} from '@tradewind/shared';
import hostZhCN from './messages/zh-CN';
import hostEn from './messages/en';
import { toast, Toasts } from './notifier';
import { loadRemotes, type LoadedRemotes } from './remotes';
import { RemotesContext } from './remotesContext';
import { LocaleContext } from './locale';
import { COLOUR_COOKIE, DEFAULT_COLOUR, savedColour } from './colour';
import { loadApps, loadSession, logout, startRenewal } from './shell';
import { Layout } from './layout/Layout';
import { LoginPage } from './login/LoginPage';
import { useLocale } from './locale';
import ErrorPage from './pages/ErrorPage';
import { useNotifications } from './notify/useNotifications';


const NO_REMOTES: LoadedRemotes = { byApp: {}, failed: [] };

function messagesFor(locale: Locale, remotes: LoadedRemotes): Record<string, string> {
  const out: Record<string, string> = locale === 'en' ? { ...sharedEn, ...hostEn } : { ...sharedZhCN, ...hostZhCN };
  for (const r of Object.values(remotes.byApp)) Object.assign(out, r.messages[locale]);
  return out;
}

type Phase = 'starting' | 'anonymous' | 'ready';

/** The session's start: the user, info, codes and applications, and the remotes' route trees
 * (loaded only once someone is signed in: the login page needs none of them). */
function startSession(onRemotes: (r: LoadedRemotes) => void): Promise<AppEntry[]> {
  return Promise.all([loadSession().then(loadApps), loadRemotes().then(onRemotes)]).then(([list]) =>
    topMenu(list ?? [], session.get().user?.mscType ?? MscType.Anonymous),
  );
}

/** The login page inside the shell (after a session ended without a reload). */
function ShellLogin({ onLoggedIn }: { onLoggedIn: () => Promise<void> }) {
  const { locale, setLocale, colour } = useLocale();
  const navigate = useNavigate();
  return (
    <LoginPage
      locale={locale}
      onLocale={setLocale}
      colour={colour}
      onLoggedIn={async () => {
        await onLoggedIn();
        navigate('/dashboard', { replace: true });
      }}
    />
  );
}

function Shell({ remotes, locale, onRemotes }: { remotes: LoadedRemotes; locale: Locale; onRemotes: (r: LoadedRemotes) => void }) {
  const { token, user } = useSession();
  const [phase, setPhase] = useState<Phase>(token ? 'starting' : 'anonymous');
  const [apps, setApps] = useState<AppEntry[]>([]);

  const start = useCallback(
    () =>
      startSession(onRemotes).then((list) => {
        setApps(list);
        setPhase('ready');
      }),
    [onRemotes],
  );

  useEffect(() => {
    if (phase !== 'starting') return;
    startSession(onRemotes).then(
      (list) => {
        setApps(list);
        setPhase('ready');
      },
      () => {
        session.clear();
        setPhase('anonymous');
      },
    );
  }, [phase, onRemotes]);

  useEffect(() => {
    if (phase !== 'ready') return;
    return startRenewal(() => window.location.assign('/login'));
  }, [phase]);

  // Application names come in the request's language: asked again when the language changes.
  const [appsLocale, setAppsLocale] = useState(locale);
  if (appsLocale !== locale) setAppsLocale(locale);
  useEffect(() => {
    if (phase !== 'ready') return;
    loadApps().then(
      (list) => setApps(topMenu(list ?? [], session.get().user?.mscType ?? MscType.Anonymous)),
      () => undefined,
    );
  }, [phase, appsLocale]);

  useNotifications(phase === 'ready' ? token : null, locale);

  const doLogout = useCallback(async () => {
    await logout();
    setPhase('anonymous');
    window.location.assign('/login');
  }, []);

  if (phase === 'starting') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 20 }}>
        <CircularProgress />
      </Box>
    );
  }
  const signedIn = phase === 'ready' && token !== null && user !== null;
  return (
    <Routes>
      <Route path="/login" element={signedIn ? <Navigate to="/" replace /> : <ShellLogin onLoggedIn={start} />} />
      <Route path="/" element={<Navigate to={signedIn ? '/dashboard' : '/login'} replace />} />
      <Route path="/500" element={<ErrorPage code={500} />} />
      <Route path="*" element={signedIn ? <Layout remotes={remotes} apps={apps} onLogout={doLogout} /> : <Navigate to="/login" replace />} />
    </Routes>
  );
}

export default function App() {
  // The page's lang is set at once (not in an effect): the API client sends it as
  // Accept-Language, and children's effects run before their parent's.
  const [locale, setLocaleState] = useState<Locale>(() => {
    const l = initialLocale();
    rememberLocale(l);
    return l;
  });
  const [remotes, setRemotes] = useState<LoadedRemotes>(NO_REMOTES);

  const messages = useMemo(() => messagesFor(locale, remotes), [locale, remotes]);

  useEffect(() => {
    const intl = createIntl({ locale, messages }, createIntlCache());
    configureApi({
      notify: (severity, message, durationMs) => toast({ severity, message, durationMs: durationMs ?? 3000 }),
      t: (id, values) => intl.formatMessage({ id }, values),
      toLogin: () => window.location.assign('/login'),
      reload: () => window.location.reload(),
    });
  }, [locale, messages]);

  const [colour, setColourState] = useState(() => savedColour(readCookie(COLOUR_COOKIE)) ?? DEFAULT_COLOUR);
  const theme = useMemo(() => createTheme({ palette: { primary: { main: colour } } }), [colour]);
  const localeValue = useMemo(
    () => ({
      locale,
      setLocale: (l: Locale) => {
        rememberLocale(l);
        setLocaleState(l);
      },
      colour,
      setColour: (c: string) => {
        writeCookie(COLOUR_COOKIE, c);
        setColourState(c);
      },
    }),
    [locale, colour],
  );

  return (
    <LocaleContext.Provider value={localeValue}>
      <IntlProvider locale={locale} messages={messages} defaultLocale="zh-CN">
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RemotesContext.Provider value={remotes}>
            <BrowserRouter>
              <Shell remotes={remotes} locale={locale} onRemotes={setRemotes} />
            </BrowserRouter>
          </RemotesContext.Provider>
          <Toasts />
        </ThemeProvider>
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
