import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import i18next from 'i18next';
import { App } from './App';
import { captureFirstPaint } from './firstPaint';
import { initI18n } from './i18n';
import { lazyRemotes, registerRuntimeRemotes } from './remotes';
import { loadRuntimeConfig } from './runtimeConfig';

async function start() {
  captureFirstPaint();
  const root = createRoot(document.getElementById('root')!);
  await initI18n();
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch {
    root.render(
      <main className="container startup-error">
        <p role="alert">{i18next.t('config.error', { ns: 'shell' })}</p>
      </main>,
    );
    return;
  }
  const remotes = lazyRemotes(registerRuntimeRemotes(config));
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App config={config} remotes={remotes} />
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
