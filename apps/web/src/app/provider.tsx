import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { NotificationsProvider } from '@/components/ui/notifications/notifications-provider';
import { BaseProvider } from './base-provider';

/** Theme, server-state cache and notifications for the whole console. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <BaseProvider queryClient={queryClient}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </BaseProvider>
  );
}
