// The signed-in frame: header, sidebar of the active application, breadcrumb, visited tabs,
// and the pages (kept alive per tab unless their route says noCache).
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Breadcrumbs, CircularProgress, Link, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, UNSAFE_LocationContext, NavigationType, useLocation, useNavigate, type Location } from 'react-router-dom';
import { readCookie, useSession, writeCookie, type AppEntry, type Viewer } from '@tradewind/shared';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { VisitedTabs, type VisitedTab } from './VisitedTabs';
import { allPages, appOf, menusFor, pagesFor, type PageEntry } from './menuData';
import { useInterfaceChoices } from './interfaces';
import type { LoadedRemotes } from '../remotes';
import { PageBoundary } from './PageBoundary';
import ErrorPage from '../pages/ErrorPage';
import { AboutDialog } from '../dialogs/AboutDialog';
import { NotifySettingsDialog } from '../dialogs/NotifySettingsDialog';
import { OperatorInfoDialog } from '../dialogs/OperatorInfoDialog';
import { GuideDialog } from '../dialogs/GuideDialog';
import { UserDataDialog } from '../dialogs/UserDataDialog';
import { ExpiryBanner } from './ExpiryBanner';

const Dashboard = lazy(() => import('../dashboard/Dashboard'));
const ModuleHome = lazy(() => import('../pages/ModuleHome'));

interface OpenTab extends VisitedTab {
  location: Location;
  element: ReactNode;
  noCache?: boolean;
}

/** The shell's own pages, outside the remotes. */
const SHELL_PAGES: Record<string, { title: string; app: string; element: () => ReactNode; affix?: boolean }> = {
  '/dashboard': { title: 'menu.dashboard', app: 'saas-app', element: () => <Dashboard />, affix: true },
  '/hotel/home': { title: 'menu.hotelHome', app: 'saas-hotel-app', element: () => <ModuleHome app="saas-hotel-app" /> },
  '/ticket/home': { title: 'menu.ticketHome', app: 'saas-ticket-app', element: () => <ModuleHome app="saas-ticket-app" /> },
  '/403': { title: 'error.403', app: '', element: () => <ErrorPage code={403} /> },
  '/404': { title: 'error.404', app: '', element: () => <ErrorPage code={404} /> },
  '/500': { title: 'error.500', app: '', element: () => <ErrorPage code={500} /> },
};

const SIDEBAR_COOKIE = 'sidebarStatus';

/** The dashboard's tab: always first, never closed. */
function dashboardTab(): OpenTab {
  const d = SHELL_PAGES['/dashboard'];
  const location: Location = { pathname: '/dashboard', search: '', hash: '', state: null, key: 'dashboard' };
  return { key: '/dashboard', title: d.title, affix: true, location, element: d.element() };
}

function lazyPage(p: PageEntry): ReactNode {
  const Page = lazy(p.route.page!);
  return <Page />;
}

export interface LayoutProps {
  remotes: LoadedRemotes;
  apps: AppEntry[];
  onLogout: () => void;
}

export function Layout({ remotes, apps, onLogout }: LayoutProps) {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, permissions } = useSession();
  const viewer: Viewer | null = useMemo(
    () =>
      user
        ? { mscType: user.mscType, mchId: user.mchId, codes: new Set((permissions ?? []).map((p) => p.permCode)) }
        : null,
    [user, permissions],
  );
  const interfaces = useInterfaceChoices(viewer);
  const menus = useMemo(() => (viewer ? menusFor(remotes, viewer, interfaces) : {}), [remotes, viewer, interfaces]);
  const pages = useMemo(() => pagesFor(remotes, viewer, interfaces), [remotes, viewer, interfaces]);
  const everyPage = useMemo(() => allPages(remotes), [remotes]);
  const [collapsed, setCollapsed] = useState(readCookie(SIDEBAR_COOKIE) === '0');
  const [tabs, setTabs] = useState<OpenTab[]>(() => [dashboardTab()]);
  const [dialog, setDialog] = useState<'about' | 'user' | 'notify' | 'operator' | 'guide' | null>(null);

  const key = location.pathname + location.search;
  const shell = SHELL_PAGES[location.pathname];
  const page: PageEntry | undefined = pages.find((p) => p.path === location.pathname);
  const known = shell !== undefined || page !== undefined;
  const forbidden = !known && everyPage.some((p) => p.path === location.pathname);
  const pathApp = shell?.app || page?.app || appOf(location.pathname) || '';
  const activeApp = menus[pathApp] || pathApp === 'saas-app' ? pathApp : 'saas-app';

  // Opening a page adds its tab (during render, so the page shows at once): one tab per page,
  // a page opened again with another query replaces its tab.
  const [tabFor, setTabFor] = useState<string | null>(null);
  if (known && tabFor !== key) {
    setTabFor(key);
    if (!tabs.some((t) => t.key === key)) {
      const title = shell?.title ?? page!.route.meta.title;
      const element = shell ? shell.element() : lazyPage(page!);
      const rest = tabs.filter((t) => t.location.pathname !== location.pathname || t.affix);
      setTabs([...rest, { key, title, location, element, affix: shell?.affix, noCache: page?.route.meta.noCache }]);
    }
  }

  if (forbidden) return <Navigate to="/403" replace />;
  if (!known) return <Navigate to="/" replace />;

  const closeTabs = (keys: string[]) => {
    const left = tabs.filter((t) => !keys.includes(t.key));
    setTabs(left);
    if (keys.includes(key)) {
      const last = left[left.length - 1];
      navigate(last ? last.key : '/dashboard');
    }
  };

  const chooseApp = (a: AppEntry) => {
    if (a.appName === 'saas-app') navigate('/dashboard');
    else if (a.appName === 'saas-hotel-app') navigate('/hotel/home');
    else if (a.appName === 'saas-ticket-app') navigate('/ticket/home');
    else {
      const first = pages.find((p) => p.app === a.appName && !p.route.meta.hidden);
      if (first) navigate(first.path);
    }
  };

  const toggleSidebar = () => {
    writeCookie(SIDEBAR_COOKIE, collapsed ? '1' : '0');
    setCollapsed(!collapsed);
  };

  const trail = shell ? [shell.title] : page ? page.trail : [];
  const appName = apps.find((a) => a.appName === (page?.app ?? shell?.app))?.appRegName;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh', minWidth: 1200 }}>
      <Header
        apps={apps}
        activeApp={activeApp}
        onApp={chooseApp}
        onToggleSidebar={toggleSidebar}
        onUserData={() => setDialog('user')}
        onNotifySettings={() => setDialog('notify')}
        onAbout={() => setDialog('about')}
        onOperatorInfo={() => setDialog('operator')}
        onGuide={() => setDialog('guide')}
        onLogout={onLogout}
      />
      <ExpiryBanner />
      {remotes.failed.length > 0 && (
        <Alert severity="error" data-testid="remote-failed">
          <FormattedMessage id="shell.remoteFailed" values={{ apps: remotes.failed.map((f) => f.app).join(', ') }} />
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
        <Sidebar items={menus[activeApp] ?? []} collapsed={collapsed} />
        <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0, bgcolor: 'grey.50' }}>
          <VisitedTabs tabs={tabs} current={key} onOpen={(k) => navigate(k)} onClose={closeTabs} />
          <Breadcrumbs sx={{ px: 2, pt: 1 }} data-testid="breadcrumb">
            <Link underline="hover" color="inherit" onClick={() => navigate('/dashboard')} sx={{ cursor: 'pointer' }}>
              {appName ?? intl.formatMessage({ id: 'menu.home' })}
            </Link>
            {trail.map((t, i) => (
              <Typography key={`${t}-${i}`} color={i === trail.length - 1 ? 'text.primary' : 'inherit'} sx={{ fontSize: 14 }}>
                {intl.formatMessage({ id: t })}
              </Typography>
            ))}
          </Breadcrumbs>
          <Box sx={{ flexGrow: 1, overflow: 'auto', p: 2 }}>
            {tabs
              .filter((t) => t.key === key || !t.noCache)
              .map((t) => (
                <Box key={t.key} sx={{ display: t.key === key ? 'block' : 'none' }}>
                  {/* Each kept page sees its own location, not the one of the tab in front. */}
                  <UNSAFE_LocationContext.Provider value={{ location: t.location, navigationType: NavigationType.Push }}>
                    <PageBoundary>
                      <Suspense fallback={<CircularProgress size={24} />}>{t.element}</Suspense>
                    </PageBoundary>
                  </UNSAFE_LocationContext.Provider>
                </Box>
              ))}
          </Box>
        </Box>
      </Box>
      <AboutDialog open={dialog === 'about'} onClose={() => setDialog(null)} />
      <NotifySettingsDialog open={dialog === 'notify'} onClose={() => setDialog(null)} />
      <OperatorInfoDialog open={dialog === 'operator'} onClose={() => setDialog(null)} />
      <GuideDialog open={dialog === 'guide'} onClose={() => setDialog(null)} />
      <UserDataDialog open={dialog === 'user'} onClose={() => setDialog(null)} onPasswordChanged={() => { setDialog(null); onLogout(); }} />
    </Box>
  );
}
