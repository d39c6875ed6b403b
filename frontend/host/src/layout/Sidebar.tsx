// The sidebar of the active application: its permitted menu, groups folding open, collapsible
// to icons (the state kept in a cookie by the layout).
import { useState } from 'react';
import { Box, Collapse, List, ListItemButton, ListItemText, Tooltip } from '@mui/material';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { INTERFACE_ICON_PREFIX, type MenuItem } from '@tradewind/shared';

export const SIDEBAR_WIDTH = 300;
export const SIDEBAR_COLLAPSED = 64;

/** The mark of each interface icon (the channels' own logos are theirs: a coloured initial). */
const INTERFACE_MARKS: Record<string, { text: string; colour: string }> = {
  meituan: { text: 'MT', colour: '#f5b400' },
  alitrip: { text: 'FZ', colour: '#ff6a00' },
  tongcheng: { text: 'TC', colour: '#2f9e44' },
  qunar: { text: 'QN', colour: '#1c7ed6' },
  elong: { text: 'EL', colour: '#c92a2a' },
  API: { text: 'API', colour: '#495057' },
};

/** The icon of an interface entry (`interface:<name>`), none for other entries. */
function InterfaceMark({ icon }: { icon?: string }) {
  if (!icon?.startsWith(INTERFACE_ICON_PREFIX)) return null;
  const name = icon.slice(INTERFACE_ICON_PREFIX.length);
  const mark = INTERFACE_MARKS[name] ?? INTERFACE_MARKS.API;
  return (
    <Box
      component="span"
      data-icon={name}
      sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: 26, height: 18, px: 0.5, mr: 1, borderRadius: 1, bgcolor: mark.colour, color: '#fff', fontSize: 10, fontWeight: 700, flexShrink: 0 }}
    >
      {mark.text}
    </Box>
  );
}

function Item({ item, depth, collapsed }: { item: MenuItem; depth: number; collapsed: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname === item.path || pathname.startsWith(`${item.path}/`);
  // A group follows the page shown (open while one of its pages is) until the user folds or
  // unfolds it.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? active;
  const setOpen = (v: boolean) => setToggled(v);
  const title = item.label ?? intl.formatMessage({ id: item.title });
  const label = collapsed ? title.slice(0, 2) : title;
  if (item.children.length > 0) {
    return (
      <>
        <Tooltip title={collapsed ? title : ''} placement="right">
          <ListItemButton onClick={() => setOpen(!open)} sx={{ pl: 2 + depth * 2 }} data-testid={`menu-${item.path}`}>
            <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 14 } } }} />
            {!collapsed && <Box component="span">{open ? '▾' : '▸'}</Box>}
          </ListItemButton>
        </Tooltip>
        <Collapse in={open} unmountOnExit>
          <List disablePadding>
            {item.children.map((c) => (
              <Item key={c.path} item={c} depth={depth + 1} collapsed={collapsed} />
            ))}
          </List>
        </Collapse>
      </>
    );
  }
  return (
    <Tooltip title={collapsed ? title : ''} placement="right">
      <ListItemButton
        selected={pathname === item.path}
        onClick={() => navigate(item.path)}
        sx={{ pl: 2 + depth * 2 }}
        data-testid={`menu-${item.path}`}
      >
        <InterfaceMark icon={item.icon} />
        <ListItemText primary={label} slotProps={{ primary: { sx: { fontSize: 14 } } }} />
      </ListItemButton>
    </Tooltip>
  );
}

export function Sidebar({ items, collapsed }: { items: MenuItem[]; collapsed: boolean }) {
  return (
    <Box
      component="nav"
      sx={{
        width: collapsed ? SIDEBAR_COLLAPSED : SIDEBAR_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflowY: 'auto',
        transition: 'width 150ms',
      }}
      data-testid="sidebar"
    >
      <List dense disablePadding>
        {items.map((i) => (
          <Item key={i.path} item={i} depth={0} collapsed={collapsed} />
        ))}
      </List>
    </Box>
  );
}
