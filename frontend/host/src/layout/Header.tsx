// The top bar: the logo (home), one entry per application, and the header tools in the spec's
// order: weixin binding (only with a weixin configuration), notification settings, full screen,
// theme, language, the user menu.
import { useState, type ChangeEvent } from 'react';
import { useLocale } from '../locale';
import { AppBar, Box, Button, IconButton, Menu, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { AppEntry } from '@tradewind/shared';
import { MscType, useSession } from '@tradewind/shared';
import { LanguageSwitch } from './LanguageSwitch';
import { WeixinBind } from './WeixinBind';
import { toast } from '../notifier';

export interface HeaderProps {
  apps: AppEntry[];
  activeApp: string;
  onApp: (app: AppEntry) => void;
  onToggleSidebar: () => void;
  onUserData: () => void;
  onNotifySettings: () => void;
  onAbout: () => void;
  onOperatorInfo: () => void;
  onGuide: () => void;
  onLogout: () => void;
}

export function Header({ apps, activeApp, onApp, onToggleSidebar, onUserData, onNotifySettings, onAbout, onOperatorInfo, onGuide, onLogout }: HeaderProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { colour, setColour } = useLocale();

  const fullScreen = () => {
    if (!document.fullscreenEnabled) {
      toast({ severity: 'warning', message: intl.formatMessage({ id: 'header.fullscreenUnsupported' }), durationMs: 3000 });
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };

  return (
    <AppBar position="static" elevation={0} sx={{ zIndex: 1 }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <IconButton color="inherit" onClick={onToggleSidebar} aria-label="menu" data-testid="sidebar-toggle">
          ☰
        </IconButton>
        <Typography
          variant="h6"
          sx={{ cursor: 'pointer', fontWeight: 700, mr: 2 }}
          onClick={() => navigate('/dashboard')}
          data-testid="logo"
        >
          Tradewind
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }} data-testid="app-menu">
          {apps.map((a) => (
            <Button
              key={a.appId}
              color="inherit"
              onClick={() => onApp(a)}
              sx={{ borderBottom: a.appName === activeApp ? '2px solid #fff' : '2px solid transparent', borderRadius: 0 }}
              data-testid={`app-${a.appName}`}
            >
              {a.appRegName}
            </Button>
          ))}
        </Box>
        {user && <WeixinBind key={user.saasId} saasId={user.saasId} />}
        <Tooltip title={intl.formatMessage({ id: 'header.notifySettings' })}>
          <IconButton color="inherit" onClick={onNotifySettings} data-testid="notify-settings-open">
            <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z" />
            </svg>
          </IconButton>
        </Tooltip>
        <Tooltip title={intl.formatMessage({ id: 'header.fullscreen' })}>
          <IconButton color="inherit" onClick={fullScreen} data-testid="fullscreen">
            <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z" />
            </svg>
          </IconButton>
        </Tooltip>
        <Tooltip title={intl.formatMessage({ id: 'header.theme' })}>
          <Box
            component="input"
            type="color"
            value={colour}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setColour(e.target.value)}
            data-testid="theme-colour"
            sx={{ width: 28, height: 28, p: 0, border: '2px solid #fff', borderRadius: 1, cursor: 'pointer', bgcolor: 'transparent' }}
          />
        </Tooltip>
        <LanguageSwitch />
        <Button color="inherit" onClick={(e) => setAnchor(e.currentTarget)} data-testid="user-menu">
          {user?.realName || user?.username || ''} ▾
        </Button>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => { setAnchor(null); onUserData(); }} data-testid="menu-user-data">
            <FormattedMessage id="header.userData" />
          </MenuItem>
          {user?.mscType === MscType.OperatorUser && (
            <MenuItem onClick={() => { setAnchor(null); onOperatorInfo(); }} data-testid="menu-operator-info">
              <FormattedMessage id="header.operatorInfo" />
            </MenuItem>
          )}
          <MenuItem onClick={() => { setAnchor(null); onAbout(); }} data-testid="menu-about">
            <FormattedMessage id="header.about" />
          </MenuItem>
          <MenuItem onClick={() => { setAnchor(null); onGuide(); }} data-testid="menu-guide">
            <FormattedMessage id="header.guide" />
          </MenuItem>
          <MenuItem onClick={() => { setAnchor(null); onLogout(); }} data-testid="menu-logout">
            <FormattedMessage id="header.logout" />
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
