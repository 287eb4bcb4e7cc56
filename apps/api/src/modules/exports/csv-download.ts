import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportList } from '@gold/contract';
import type { Executor } from '../../db/client';
import { recordAudit } from '../audit/audit.repository';
import { signedInAdminOf } from '../identity/sessions/require-admin';
import { exportAuditDetails, exportFileName } from './exports.service';

/** Every CSV an admin can download: the spec's three exports, the reconciliation and the bar list. */
export type CsvList = ExportList | 'reconciliation' | 'pieces';

/**
 * Audits a CSV download (who, which list, which filters; a search text only as having been given)
 * before its first row is read: an export of customers' personal data is never unrecorded.
 */
export async function auditExport(db: Executor, request: FastifyRequest, list: CsvList, query: Record<string, unknown>): Promise<void> {
  await recordAudit(db, {
    adminId: signedInAdminOf(request).id,
    ipAddress: request.ip,
    action: 'export.csv',
    entity: 'export',
    entityId: list,
    details: exportAuditDetails(list, query),
  });
}

/** Sends the CSV as an attachment named after the list and the day in WIB. */
export function sendCsv(reply: FastifyReply, list: CsvList, body: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(list)}"`)
    .send(body);
}
