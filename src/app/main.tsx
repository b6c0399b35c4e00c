import '../lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { InvalidBaseUrlError } from '../api/errors';
import { installAuthBridge } from '../features/auth/reauth';
import { getApiClient } from '../lib/api-client';
import { App } from './app';
import { ConfigErrorPage } from './config-error-page';
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

const container = document.getElementById('root');
if (container) start(container);
