import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { ApiProvider } from './trpc';
import { ToastProvider } from './components/ui';
import { DocumentTitle } from './document-title';
import './globals.css';

export const metadata: Metadata = {
  title: 'Equestrian Platform',
  description:
    'Run a riding school: students, classes, schedules, horses, payments and competitions.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <DocumentTitle />
        <ApiProvider>
          <ToastProvider>{children}</ToastProvider>
        </ApiProvider>
      </body>
    </html>
  );
}
