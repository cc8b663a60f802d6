import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { fetchRuntimeConfig } from './api/runtime-config.ts';
import { startProactiveRefresh } from './auth/proactive-refresh.ts';
import { restoreRememberedSession } from './auth/sign-in.ts';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/query-client.ts';
import { prefetchOnSessionStart } from './app/session-prefetch.ts';
import './styles/app.css';
import './styles/shell.css';

const queryClient = createQueryClient();
startProactiveRefresh();
prefetchOnSessionStart(queryClient);
restoreRememberedSession();

const config = await fetchRuntimeConfig();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App config={config} />
    </QueryClientProvider>
  </StrictMode>,
);
