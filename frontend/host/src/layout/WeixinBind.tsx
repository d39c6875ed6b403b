// The header's weixin (WeChat) binding control. It exists only when weixin-server names a
// configuration for the user's tenant; every call is quiet because the service may not serve
// these endpoints (a 404 must show nothing) and the control says what went wrong in its own
// words, as the error catalogue asks.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { api, ApiError, session } from '@tradewind/shared';
import { toast } from '../notifier';
import { boundInfo, firstConfigId, notFollowed, POLL_MS, QR_REUSE_MS, qrFresh, qrImageSrc, refusal, type WeixinBinding } from './weixinRules';

interface Qr {
  src: string;
  at: number;
}

const failureOf = (e: unknown) => (e instanceof ApiError ? { code: e.code, message: e.message } : { message: String(e) });

/** Keyed by the tenant in the header, so another tenant's session starts from nothing. */
export function WeixinBind({ saasId }: { saasId: number }) {
  const intl = useIntl();
  const [configId, setConfigId] = useState<string | null>(null);
  const [info, setInfo] = useState<WeixinBinding | null>(null);
  const [qr, setQr] = useState<Qr | null>(null);
  const [open, setOpenState] = useState(false);
  const [busy, setBusy] = useState(false);
  const [qrFailed, setQrFailed] = useState(false);
  const fetchingQr = useRef(false);
  const polling = useRef(false);
  // The expiry timer needs to know whether the popover is open without restarting on hover.
  const isOpen = useRef(false);
  // The not-followed warning is said once per QR code, not on every poll.
  const warned = useRef(false);

  const setOpen = (v: boolean) => {
    isOpen.current = v;
    setOpenState(v);
  };

  useEffect(() => {
    let live = true;
    void (async () => {
      let id: string | null = null;
      try {
        id = firstConfigId(await api.get<unknown>('weixin-server', '/openapi/mp/config/getConfigIds', { query: { saasId }, noAuth: true, quiet: true }));
      } catch {
        // No service or no configuration: the control is simply absent.
      }
      if (!live || id === null) return;
      setConfigId(id);
      try {
        const b = boundInfo(await api.get<unknown>('weixin-server', '/saas/mp/info/baseInfo', { query: { configId: id }, quiet: true }));
        if (live) setInfo(b);
      } catch {
        // Before a QR code is shown there is nothing the user could act on: show it unbound.
      }
    })();
    return () => {
      live = false;
    };
  }, [saasId]);

  const fetchQr = useCallback(async () => {
    if (configId === null || fetchingQr.current) return;
    fetchingQr.current = true;
    const failed = intl.formatMessage({ id: 'header.weixinQrFailed' });
    try {
      const answer = await api.get<unknown>('weixin-server', '/saas/mp/bind/bindQrCode', {
        query: { configId, refreshToken: session.refreshToken() },
        quiet: true,
      });
      const src = qrImageSrc(answer);
      if (src) {
        warned.current = false;
        setQr({ src, at: Date.now() });
      } else {
        setQrFailed(true);
        toast({ severity: 'error', message: failed, durationMs: 3000 });
      }
    } catch (e) {
      setQrFailed(true);
      const msg = e instanceof Error ? e.message : '';
      toast({ severity: 'error', message: msg ? `${msg} ${failed}` : failed, durationMs: 3000 });
    } finally {
      fetchingQr.current = false;
    }
  }, [configId, intl]);

  // Hovering an unbound control shows the QR code, fetched again once the last is 30 minutes
  // old (a background tab's timers may lag behind the expiry timer, so the age is checked here).
  const hover = () => {
    setQrFailed(false);
    setOpen(true);
    if (qr === null || !qrFresh(qr.at, Date.now())) void fetchQr();
  };

  // Polling runs from the moment a QR code exists until the user is bound or the code expires,
  // whether or not the popover stays open: the user may move the mouse away while scanning with
  // the phone. It stops on unmount (logout takes the header away). An expired code is dropped,
  // which fetches a new one if the popover is open, or on the next hover.
  useEffect(() => {
    if (qr === null || info !== null || configId === null) return;
    // An answer arriving after logout or a newer code must change nothing.
    let live = true;
    const poll = async () => {
      if (polling.current) return;
      polling.current = true;
      try {
        const b = boundInfo(await api.get<unknown>('weixin-server', '/saas/mp/info/baseInfo', { query: { configId }, quiet: true }));
        if (b && live) {
          setInfo(b);
          setQr(null);
          setOpen(false);
        }
      } catch (e) {
        if (live && !warned.current && notFollowed(failureOf(e))) {
          warned.current = true;
          toast({ severity: 'warning', message: intl.formatMessage({ id: 'header.weixinNotFollowed' }), durationMs: 3000 });
        }
      } finally {
        polling.current = false;
      }
    };
    const timer = setInterval(() => void poll(), POLL_MS);
    const expiry = setTimeout(() => {
      setQr(null);
      if (isOpen.current) void fetchQr();
    }, Math.max(0, qr.at + QR_REUSE_MS - Date.now()));
    return () => {
      live = false;
      clearInterval(timer);
      clearTimeout(expiry);
    };
  }, [qr, info, configId, intl, fetchQr]);

  const unbind = async () => {
    if (info === null || busy) return;
    setBusy(true);
    try {
      const answer = await api.patch<unknown>('weixin-server', '/saas/mp/bind/removeBind', undefined, { query: { openId: info.openId }, quiet: true });
      const refused = refusal(answer);
      if (refused !== null) throw new Error(refused);
      toast({ severity: 'success', message: intl.formatMessage({ id: 'header.weixinUnbound' }), durationMs: 3000 });
      setInfo(null);
      // A fresh code, never the one the old binding came from.
      setQr(null);
      setOpen(true);
      void fetchQr();
    } catch (e) {
      toast({ severity: 'warning', message: e instanceof Error && e.message ? e.message : intl.formatMessage({ id: 'header.weixinUnbindFailed' }), durationMs: 3000 });
    } finally {
      setBusy(false);
    }
  };

  if (configId === null) return null;

  if (info !== null) {
    return (
      <Button
        color="inherit"
        size="small"
        onClick={() => void unbind()}
        disabled={busy}
        title={intl.formatMessage({ id: 'header.weixinUnbindHint' })}
        data-testid="weixin-bind"
        sx={{ textTransform: 'none' }}
      >
        {intl.formatMessage({ id: 'header.weixinBound' }, { nickname: info.nickname })}
      </Button>
    );
  }

  return (
    <Box sx={{ position: 'relative' }} onMouseEnter={hover} onMouseLeave={() => setOpen(false)}>
      <Button color="inherit" size="small" data-testid="weixin-bind" sx={{ textTransform: 'none' }}>
        {intl.formatMessage({ id: 'header.weixinBind' })}
      </Button>
      {open && (
        <Paper
          elevation={4}
          data-testid="weixin-qr-panel"
          sx={{ position: 'absolute', top: '100%', right: 0, zIndex: 1500, p: 1.5, width: 200, textAlign: 'center' }}
        >
          {qr ? (
            <Box component="img" src={qr.src} alt="QR" data-testid="weixin-qr" sx={{ width: 176, height: 176, display: 'block', mx: 'auto' }} />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {intl.formatMessage({ id: qrFailed ? 'header.weixinQrFailed' : 'header.weixinLoading' })}
            </Typography>
          )}
          <Typography variant="body2" color="text.primary" sx={{ mt: 1 }}>
            {intl.formatMessage({ id: 'header.weixinScan' })}
          </Typography>
        </Paper>
      )}
    </Box>
  );
}
