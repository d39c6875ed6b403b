// The gate: the scenic spot's staff scan a voucher's QR code (a scanner types the code and Enter
// into the focused field) or type its code; POST /saas/ticket/ticketVoucher/redeem answers at once,
// shown in large type: ADMITTED (green) with the people it admits, or REFUSED (red) with the
// reason (already used, naming when, by whom and at which gate; not yet valid; expired;
// cancelled; not confirmed; another scenic spot's; unknown code). Each scan carries its own id,
// so a retry after a lost answer is told again and never admits twice. The gate's spot (its
// vouchers only) and name are kept for the next scans; the latest scans are listed below.
import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { api, dateTime, Section, SimpleTable, useEnumLabel, useIsTenantStaff, type SimpleColumn } from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { GATE_RESULT, LOG_ROLE } from '../../enums';
import type { Redemption } from '../orders/types';
import { useScenicOptions } from '../scenics/useScenicOptions';

const G = 'ticket.gate';
/** Scans listed below the answer. */
const KEPT = 10;

type Scanned = Redemption & { at: number; typed: string };

/** A new id for each scan (a retry of the same scan sends the same one). */
function scanId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export default function Gate() {
  const intl = useIntl();
  const label = useEnumLabel();
  const staff = useIsTenantStaff();
  const scenics = useScenicOptions(true, staff);
  const [code, setCode] = useState('');
  const [scenicId, setScenicId] = useState('');
  const [gate, setGate] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [scans, setScans] = useState<Scanned[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const last = scans[0];

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setProblem(intl.formatMessage({ id: `${G}.rules.code` }));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const r = await api.post<Redemption>('ticket-app', '/saas/ticket/ticketVoucher/redeem', { code: typed, scenicId: Number(scenicId) || 0, gate: gate.trim(), scanId: scanId() });
      setScans((s) => [{ ...r, at: Date.now(), typed }, ...s].slice(0, KEPT));
      setCode('');
    } catch (err) {
      // A 412 (a code of no sane length, a gate name too long) is told here as well as by the client.
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const columns: SimpleColumn<Scanned>[] = [
    { key: 'at', title: `${G}.fields.at`, render: (s) => dateTime(s.at) },
    { key: 'code', title: `${G}.fields.code`, render: (s) => <Box sx={{ fontFamily: 'monospace' }}>{s.code || s.typed}</Box> },
    { key: 'result', title: `${G}.fields.result`, render: (s) => <Box sx={{ color: s.admitted ? 'success.main' : 'error.main', fontWeight: 600 }}>{label(GATE_RESULT, s.result)}</Box> },
    { key: 'productName', title: `${G}.fields.productName`, render: (s) => s.productName || '--' },
    { key: 'tickets', title: `${G}.fields.tickets`, render: (s) => (s.voucherId ? s.tickets : '--') },
    { key: 'orderId', title: `${G}.fields.orderId`, render: (s) => s.orderId || '--' },
  ];

  return (
    <Box data-testid="ticket-gate">
      <Typography variant="h6" sx={{ mb: 2 }}>
        <FormattedMessage id={`${G}.title`} />
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          inputRef={input}
          autoFocus
          label={intl.formatMessage({ id: `${G}.fields.code` })}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={problem !== null}
          helperText={problem ?? intl.formatMessage({ id: `${G}.hint` })}
          sx={{ width: 420 }}
          slotProps={{ htmlInput: { 'data-testid': 'gate-code', autoComplete: 'off', spellCheck: false, maxLength: 64, style: { fontFamily: 'monospace', fontSize: 22, letterSpacing: 1 } } }}
        />
        <TextField
          select
          label={intl.formatMessage({ id: `${G}.fields.scenic` })}
          value={scenicId}
          onChange={(e) => setScenicId(e.target.value)}
          sx={{ width: 240 }}
          slotProps={{ htmlInput: { 'data-testid': 'gate-scenic' } }}
        >
          <MenuItem value="">
            <FormattedMessage id={`${G}.anyScenic`} />
          </MenuItem>
          {scenics.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.text}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={intl.formatMessage({ id: `${G}.fields.gate` })} value={gate} onChange={(e) => setGate(e.target.value)} sx={{ width: 180 }} slotProps={{ htmlInput: { 'data-testid': 'gate-name', maxLength: 64 } }} />
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ height: 56 }} data-testid="gate-submit">
          <FormattedMessage id={`${G}.check`} />
        </Button>
      </Box>
      {last && <Verdict r={last} />}
      {scans.length > 0 && (
        <Section title={`${G}.latest`}>
          <SimpleTable columns={columns} rows={scans} testId="gate-scans" />
        </Section>
      )}
      {!last && (
        <Typography color="text.secondary" data-testid="gate-waiting">
          <FormattedMessage id={`${G}.waiting`} />
        </Typography>
      )}
    </Box>
  );
}

/** The answer to the latest scan, in large type. */
function Verdict({ r }: { r: Scanned }) {
  const label = useEnumLabel();
  const ok = r.admitted;
  const details: [string, string | number][] = [
    [`${G}.fields.productName`, r.productName],
    [`${G}.fields.scenic`, r.scenicName],
    [`${G}.fields.visitDate`, r.visitDate],
    [`${G}.fields.contact`, r.contactName],
    [`${G}.fields.valid`, r.voucherId ? `${r.validFrom || '…'} ~ ${r.validTo || '…'}` : ''],
    [`${G}.fields.orderId`, r.orderId || ''],
  ];
  return (
    <Paper
      elevation={0}
      data-testid="gate-verdict"
      data-admitted={ok ? 'yes' : 'no'}
      sx={{ p: 3, mb: 2, color: '#fff', bgcolor: ok ? 'success.main' : 'error.main', borderRadius: 2 }}
    >
      <Typography sx={{ fontSize: 64, fontWeight: 800, lineHeight: 1.1 }} data-testid="gate-verdict-word">
        <FormattedMessage id={ok ? `${G}.admitted` : `${G}.refused`} />
      </Typography>
      {ok && r.voucherId > 0 && (
        <Typography sx={{ fontSize: 32, fontWeight: 700 }} data-testid="gate-people">
          <FormattedMessage id={`${G}.people`} values={{ n: r.tickets }} />
        </Typography>
      )}
      {!ok && (
        <Typography sx={{ fontSize: 28, fontWeight: 600, mt: 1 }} data-testid="gate-reason">
          {/* ticket-app words it in the user's language; the label is the fallback. */}
          {r.message || label(GATE_RESULT, r.result)}
        </Typography>
      )}
      {r.repeat && (
        <Typography sx={{ fontSize: 18 }}>
          <FormattedMessage id={`${G}.repeat`} />
        </Typography>
      )}
      {!ok && r.usedAt > 0 && (
        <Typography sx={{ fontSize: 22 }} data-testid="gate-used">
          <FormattedMessage id={`${G}.usedBy`} values={{ when: dateTime(r.usedAt), role: label(LOG_ROLE, r.usedRole), user: r.usedBy, gate: r.usedGate || '--' }} />
        </Typography>
      )}
      {ok && r.orderCompleted && (
        <Typography sx={{ fontSize: 18 }}>
          <FormattedMessage id={`${G}.orderCompleted`} />
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 0.5, mt: 2, fontSize: 16 }}>
        {details
          .filter(([, v]) => v !== '')
          .map(([id, v]) => (
            <Box key={id}>
              <FormattedMessage id={id} />: <strong>{v}</strong>
            </Box>
          ))}
      </Box>
    </Paper>
  );
}
