// Toasts of the shell, top right (50 px from the top): API errors and warnings for a few
// seconds, order notifications until closed.
import { useSyncExternalStore } from 'react';
import { Alert, AlertTitle, Box } from '@mui/material';
import type { Severity } from '@tradewind/shared';

export interface Toast {
  id: number;
  severity: Severity;
  message: string;
  title?: string;
  /** 0: stays until closed. */
  durationMs: number;
  testId?: string;
}

let toasts: Toast[] = [];
let next = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function toast(t: Omit<Toast, 'id'>): number {
  const id = next++;
  toasts = [...toasts, { ...t, id }];
  emit();
  if (t.durationMs > 0) setTimeout(() => dismiss(id), t.durationMs);
  return id;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function Toasts() {
  const list = useSyncExternalStore(subscribe, () => toasts);
  return (
    <Box
      sx={{ position: 'fixed', top: 50, right: 16, zIndex: 2000, display: 'flex', flexDirection: 'column', gap: 1, width: 360 }}
    >
      {list.map((t) => (
        <Alert
          key={t.id}
          severity={t.severity}
          variant="filled"
          onClose={() => dismiss(t.id)}
          data-testid={t.testId ?? 'toast'}
          sx={{ boxShadow: 3 }}
        >
          {t.title && <AlertTitle>{t.title}</AlertTitle>}
          {t.message}
        </Alert>
      ))}
    </Box>
  );
}
