// A user row's lock, unlock and disable, folded into one menu so the users table fits a 1440 px
// screen beside the sidebar.
import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import { FormattedMessage } from 'react-intl';

export type StateAction = 'lock' | 'unlock' | 'disable';

const COLOUR: Record<StateAction, string | undefined> = { lock: 'warning.main', unlock: undefined, disable: 'error.main' };

export function UserStateMenu({ userId, actions, onPick }: { userId: number; actions: StateAction[]; onPick: (action: StateAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <Button
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`user-states-${userId}`}
        sx={{ minWidth: 0, px: 0.75, whiteSpace: 'nowrap' }}
      >
        <FormattedMessage id="base.users.changeState" />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem
            key={a}
            dense
            sx={{ color: COLOUR[a] }}
            onClick={() => {
              setAnchor(null);
              onPick(a);
            }}
            data-testid={`user-${a}-${userId}`}
          >
            <FormattedMessage id={`base.users.${a}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
