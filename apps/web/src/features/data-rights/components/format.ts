import { DateTime } from 'luxon';
import type { DataExport } from '@th/contracts';

/** A moment in the member's zone, the zone named (the time rule). */
export const momentIn = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone }).toFormat("LLL d, yyyy 'at' h:mm a ZZZZ");

export const dayIn = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('LLLL d, yyyy');

export const archiveName = (row: DataExport, zone: string) =>
  `my-data-${DateTime.fromISO(row.created_at, { zone }).toFormat('yyyy-MM-dd')}.zip`;

export const STATUS_LABEL: Record<DataExport['status'], string> = {
  queued: 'Waiting to start',
  running: 'Preparing',
  ready: 'Ready',
  failed: 'Failed, retrying',
  expired: 'Expired',
};

export const sizeText = (bytes: number | null) =>
  bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
