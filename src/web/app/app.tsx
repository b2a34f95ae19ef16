import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { i18n } from '../lib/i18n';
import { useTheme } from '../lib/theme';
import { createQueryClient } from './query-client';
import { router } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [theme] = useTheme();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster richColors closeButton theme={theme} position="top-center" />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
