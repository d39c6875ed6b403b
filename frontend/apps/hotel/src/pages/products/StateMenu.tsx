// A product row's state changes, folded into one menu so the row stays narrow.
import { useState } from 'react';
import { Link, Menu, MenuItem } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { actionsFor } from './productStates';

export function StateMenu({ productId, state, onPick }: { productId: number; state: number; onPick: (action: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = actionsFor(state);
  if (actions.length === 0) return null;
  return (
    <>
      <Link component="button" onClick={(e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)} data-testid={`product-states-${productId}`}>
        <FormattedMessage id="hotel.products.changeState" />
      </Link>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem
            key={a}
            dense
            sx={a === 'delete' ? { color: 'error.main' } : undefined}
            onClick={() => {
              setAnchor(null);
              onPick(a);
            }}
            data-testid={`product-${a}-${productId}`}
          >
            <FormattedMessage id={`hotel.products.action.${a}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
