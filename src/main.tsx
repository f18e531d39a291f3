import '@/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/shell/App';
import { queryClient } from '@/lib/queryClient';
import { persistQueryCache, restoreQueryCache } from '@/lib/queryCacheStorage';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

restoreQueryCache(queryClient);
persistQueryCache(queryClient);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
