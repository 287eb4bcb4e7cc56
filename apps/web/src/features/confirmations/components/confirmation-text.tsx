import { useTranslation } from 'react-i18next';
import type { Confirmation } from '@gold/contract';
import { formatDateTime } from '@/lib/format';
import { confirmationKindLabels } from './confirmation-labels';

/** The serials a receipt proposes (its body as sent), when the details hold them. */
function serialsOf(row: Confirmation): string[] {
  const pieces = row.details.pieces;
  if (!Array.isArray(pieces)) return [];
  return pieces.flatMap((piece: unknown) =>
    typeof piece === 'object' && piece !== null && typeof (piece as { serial?: unknown }).serial === 'string'
      ? [(piece as { serial: string }).serial]
      : [],
  );
}

/** What a decision is about, in a sentence: the kind, the summary, who proposed it and when, and a receipt's serials. */
export function ConfirmationText({ row }: { row: Confirmation }) {
  const { t } = useTranslation();
  const serials = serialsOf(row);
  return (
    <>
      {t('{{kind}}: {{summary}}. Proposed by {{maker}} on {{time}}.', {
        kind: t(confirmationKindLabels[row.kind]),
        summary: row.summary,
        maker: row.maker.fullName,
        time: formatDateTime(row.createdAt),
      })}
      {serials.length ? ` ${t('Serials: {{serials}}', { serials: serials.join(', ') })}` : null}
    </>
  );
}
