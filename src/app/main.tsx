import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { InvalidBaseUrlError } from '../api/errors';
import { installAuthBridge } from '../lib/session/reauth';
import { getApiClient } from '../lib/api-client';
import { App } from './app';
import { ConfigErrorPage } from './config-error-page';
import { installOfflineShell } from './offline-shell';
import '../styles/global.css';

function start(container: HTMLElement) {
  const root = createRoot(container);
  try {
    getApiClient();
  } catch (error) {
    if (!(error instanceof InvalidBaseUrlError)) throw error;
    root.render(<ConfigErrorPage message={error.message} />);
    return;
  }
  installAuthBridge();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

installOfflineShell();
const container = document.getElementById('root');
if (container) start(container);
