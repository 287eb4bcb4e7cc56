import type { ReactNode } from 'react';
import { StatCard } from '@/components/ui/stat-card';

interface ListCountCardProps {
  /** The card's title, e.g. 'Registered Users'. */
  title: string;
  count: number | undefined;
  loading: boolean;
  /** The server's message when the count could not be loaded. */
  error?: string | null | undefined;
  onRetry?: () => void;
  icon: ReactNode;
}

/** The count card above a list (spec: every list screen has one): the shared stat card with a whole number. */
export function ListCountCard({ count, ...card }: ListCountCardProps) {
  return <StatCard {...card} value={count} sx={{ maxWidth: 360 }} />;
}
