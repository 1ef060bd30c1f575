import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/http';
import { App } from './app';
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/tables.css';
import './styles/forms.css';
import './styles/combobox.css';
import './styles/routing.css';
import './styles/examples.css';
import './styles/dialogs.css';
import './styles/endpoint-page.css';
import './styles/usage.css';
import './styles/keys.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx (a missing route, a refused token) will not change by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
