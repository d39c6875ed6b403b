// The products of a theme and their order, for the tenant's staff: loaded with the theme (GET
// /saas/mall/themes/load), reordered by dragging a row (or its up and down buttons), products
// added from the tenant's mall products or removed, and saved at once (PUT
// /saas/mall/themes/products, the ids in their order).
import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { api, money, notify, useEnumLabel, type Page } from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { PRODUCT_STATE } from '../../enums';
import type { ProductRow, ThemeDetail, ThemeRow } from '../../types';
import { moved } from './themeForm';

interface Item {
  id: number;
  productName: string;
  price: number;
  state: number;
}

export function ThemeProductsDialog({ theme, onClose }: { theme: ThemeRow | null; onClose: () => void }) {
  const intl = useIntl();
  const label = useEnumLabel();
  // The theme's products as edited, for the theme they were loaded for.
  const [edited, setEdited] = useState<{ themeId: number; items: Item[] } | null>(null);
  const items = theme && edited?.themeId === theme.id ? edited.items : null;
  const setItems = (next: Item[]) => theme && setEdited({ themeId: theme.id, items: next });
  const [all, setAll] = useState<Item[]>([]);
  const [dragging, setDragging] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!theme) return undefined;
    let live = true;
    Promise.all([
      api.get<ThemeDetail>('mall-app', '/saas/mall/themes/load', { query: { id: theme.id } }),
      api.get<Page<ProductRow>>('mall-app', '/saas/mall/products/list', { query: { page: 1, resultNum: 500 } }),
    ]).then(
      ([detail, products]) => {
        if (!live) return;
        setEdited({ themeId: theme.id, items: detail.products });
        setAll(products.results);
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme]);
  const addable = all.filter((p) => !items?.some((i) => i.id === p.id));
  const save = () => {
    if (!theme || !items) return;
    setBusy(true);
    api
      .put('mall-app', '/saas/mall/themes/products', { id: theme.id, productIds: items.map((i) => i.id) })
      .then(
        () => {
          notify('success', intl.formatMessage({ id: 'form.saved' }), 3000);
          onClose();
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open={theme !== null && items !== null} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth data-testid="theme-products-dialog">
      <DialogTitle>
        <FormattedMessage id="mall.themes.productsTitle" values={{ name: theme?.themeName ?? '' }} />
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="mall.themes.dragHint" />
        </Typography>
        <List dense data-testid="theme-products">
          {(items ?? []).map((item, index) => (
            <ListItem
              key={item.id}
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragging !== null && items) setItems(moved(items, dragging, index));
                setDragging(null);
              }}
              data-testid={`theme-product-${item.id}`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 0.5, cursor: 'grab', opacity: dragging === index ? 0.5 : 1 }}
              secondaryAction={
                <Box>
                  <IconButton size="small" aria-label={intl.formatMessage({ id: 'mall.themes.up' })} disabled={index === 0} onClick={() => items && setItems(moved(items, index, index - 1))} data-testid={`theme-product-up-${item.id}`}>
                    ↑
                  </IconButton>
                  <IconButton size="small" aria-label={intl.formatMessage({ id: 'mall.themes.down' })} disabled={index === (items?.length ?? 0) - 1} onClick={() => items && setItems(moved(items, index, index + 1))}>
                    ↓
                  </IconButton>
                  <IconButton size="small" aria-label={intl.formatMessage({ id: 'mall.themes.remove' })} onClick={() => items && setItems(items.filter((i) => i.id !== item.id))} data-testid={`theme-product-remove-${item.id}`}>
                    ×
                  </IconButton>
                </Box>
              }
            >
              <ListItemText primary={`${index + 1}. ${item.productName}`} secondary={`${money(item.price)} · ${label(PRODUCT_STATE, item.state)}`} />
            </ListItem>
          ))}
          {items?.length === 0 && (
            <Typography variant="body2" sx={{ py: 2 }}>
              <FormattedMessage id="mall.themes.noProducts" />
            </Typography>
          )}
        </List>
        <TextField
          select
          size="small"
          fullWidth
          label={intl.formatMessage({ id: 'mall.themes.addProduct' })}
          value=""
          onChange={(e) => {
            const p = all.find((x) => String(x.id) === e.target.value);
            if (p && items) setItems([...items, { id: p.id, productName: p.productName, price: p.price, state: p.state }]);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'theme-add-product' } }}
        >
          {addable.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.productName}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="form.cancel" />
        </Button>
        <Button variant="contained" onClick={save} disabled={busy} data-testid="theme-products-save">
          <FormattedMessage id="form.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
