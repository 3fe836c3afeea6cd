import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { ApiProvider } from './trpc';
import { ToastProvider } from './components/ui';
import { DocumentTitle } from './document-title';
import { THEME_SCRIPT } from './theme';
import './globals.css';

export const metadata: Metadata = {
  title: 'Equestrian Platform',
  description:
    'Run a riding school: students, classes, schedules, horses, payments and competitions.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The theme script sets `data-theme` before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <DocumentTitle />
        <ApiProvider>
          <ToastProvider>{children}</ToastProvider>
        </ApiProvider>
      </body>
    </html>
  );
}
