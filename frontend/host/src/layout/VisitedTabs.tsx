// Visited pages as tabs, with a context menu: close, close others, close all. The dashboard
// stays.
import { useState, type MouseEvent } from 'react';
import { Box, Chip, Menu, MenuItem } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';

export interface VisitedTab {
  /** Path and query: the key of the tab. */
  key: string;
  title: string;
  affix?: boolean;
}

export interface VisitedTabsProps {
  tabs: VisitedTab[];
  current: string;
  onOpen: (key: string) => void;
  onClose: (keys: string[]) => void;
}

export function VisitedTabs({ tabs, current, onOpen, onClose }: VisitedTabsProps) {
  const intl = useIntl();
  const [menu, setMenu] = useState<{ x: number; y: number; key: string } | null>(null);
  const openMenu = (e: MouseEvent, key: string) => {
    e.preventDefault();
    setMenu({ x: e.clientX, y: e.clientY, key });
  };
  const closable = (t: VisitedTab) => !t.affix;
  const act = (which: 'one' | 'others' | 'all') => {
    if (!menu) return;
    const keys = tabs
      .filter(closable)
      .filter((t) => (which === 'one' ? t.key === menu.key : which === 'others' ? t.key !== menu.key : true))
      .map((t) => t.key);
    onClose(keys);
    setMenu(null);
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', overflowX: 'auto' }} data-testid="visited-tabs">
      {tabs.map((t) => (
        <Chip
          key={t.key}
          size="small"
          label={intl.formatMessage({ id: t.title })}
          color={t.key === current ? 'primary' : 'default'}
          variant={t.key === current ? 'filled' : 'outlined'}
          onClick={() => onOpen(t.key)}
          onDelete={closable(t) ? () => onClose([t.key]) : undefined}
          onContextMenu={(e) => openMenu(e, t.key)}
          data-testid={`tab-${t.key}`}
        />
      ))}
      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
      >
        <MenuItem onClick={() => act('one')} data-testid="tab-close">
          <FormattedMessage id="tabs.close" />
        </MenuItem>
        <MenuItem onClick={() => act('others')} data-testid="tab-close-others">
          <FormattedMessage id="tabs.closeOthers" />
        </MenuItem>
        <MenuItem onClick={() => act('all')} data-testid="tab-close-all">
          <FormattedMessage id="tabs.closeAll" />
        </MenuItem>
      </Menu>
    </Box>
  );
}
