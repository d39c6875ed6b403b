// The buttons of list pages, alike in every application: "Add" among a list's filters, the
// small text buttons of an actions column, kept on one line unless a page asks them to wrap, and
// a row menu for the actions a wide list has no room to show.
import { useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Menu, MenuItem } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';

/** `label`: message id ("Add" unless said). */
export function AddButton({ onClick, testId, label = 'form.add' }: { onClick: () => void; testId: string; label?: string }) {
  return (
    <Button variant="contained" color="success" size="small" onClick={onClick} data-testid={testId}>
      <FormattedMessage id={label} />
    </Button>
  );
}

export function RowAction({ label, onClick, testId, color }: { label: string; onClick: () => void; testId: string; color?: 'error' | 'warning' }) {
  return (
    <Button size="small" color={color} onClick={onClick} data-testid={testId} sx={{ minWidth: 0, px: 0.75, whiteSpace: 'nowrap' }}>
      <FormattedMessage id={label} />
    </Button>
  );
}

/** `wrap`: a row of many actions may take two lines rather than widen a full table past the page. */
export function RowActions({ children, wrap }: { children: ReactNode; wrap?: boolean }) {
  return <Box sx={{ display: 'flex', flexWrap: wrap ? 'wrap' : 'nowrap', gap: 0.5 }}>{children}</Box>;
}

export interface RowMenuItem {
  /** Message id. */
  label: string;
  onClick: () => void;
  testId: string;
  color?: 'error' | 'warning';
}

/**
 * A row's further actions behind one small button, so the actions column of a list with many
 * columns stays narrow enough to be seen whole (nothing when there are none).
 */
export function RowMenu({ items, testId }: { items: RowMenuItem[]; testId: string }) {
  const intl = useIntl();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (items.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={intl.formatMessage({ id: 'form.moreActions' })}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={testId}
        sx={{ p: 0.25, color: 'primary.main' }}
      >
        <Box component="span" aria-hidden sx={{ fontSize: 18, lineHeight: 1, fontWeight: 700, width: 18 }}>
          ⋮
        </Box>
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.testId}
            dense
            sx={item.color ? { color: `${item.color}.main` } : undefined}
            onClick={() => {
              setAnchor(null);
              item.onClick();
            }}
            data-testid={item.testId}
          >
            <FormattedMessage id={item.label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
