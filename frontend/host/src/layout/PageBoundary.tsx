// A page that fails to load or render shows an error panel instead of blanking the shell.
import { Component, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import { FormattedMessage } from 'react-intl';

export class PageBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };

  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }

  render() {
    if (this.state.error) {
      return (
        <Alert severity="error" data-testid="page-error">
          <FormattedMessage id="shell.pageFailed" values={{ error: this.state.error }} />
        </Alert>
      );
    }
    return this.props.children;
  }
}
