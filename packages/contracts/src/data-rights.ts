/**
 * Data rights (issue #28): a member's copy of their data (one ZIP built by the worker) and the
 * closing of their account (a grace period, then erasure). Members act on themselves under
 * /api/me; staff act on a member under /api/staff/members/:id with a reason.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** How long a finished archive can be downloaded, and how long a closed account can be restored. */
export const DATA_EXPORT_TTL_DAYS = 7;
export const CLOSURE_GRACE_DAYS = 14;

export const DataExportStatus = z.enum(['queued', 'running', 'ready', 'failed', 'expired']);
export type DataExportStatus = z.infer<typeof DataExportStatus>;

export const DataExport = z.object({
  id: z.string(),
  status: DataExportStatus,
  /** 0–100 while the archive is built. */
  progress: z.number().int(),
  /** Who asked: the member, or staff on their behalf. */
  requested_by: z.enum(['member', 'staff']),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExport>;

export const DataExportListResponse = z.object({ data: z.array(DataExport) });
export const DataExportResponse = z.object({ message: z.string(), data: DataExport });

export const CLOSURE_CANCEL_MODES = ['period_end', 'now'] as const;
export const ClosureCancelMode = z.enum(CLOSURE_CANCEL_MODES, {
  error: 'Choose when the subscription ends: at the end of the period or now.',
});
export type ClosureCancelMode = z.infer<typeof ClosureCancelMode>;

export const ClosureStatus = z.enum(['pending', 'restored', 'erasing', 'erased']);
export type ClosureStatus = z.infer<typeof ClosureStatus>;

/** One step of closing or erasing an account, as staff read it on the member's page. */
export const ClosureStep = z.object({
  key: z.string(),
  label: z.string(),
  done_at: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
});
export type ClosureStep = z.infer<typeof ClosureStep>;

export const AccountClosure = z.object({
  id: z.string(),
  status: ClosureStatus,
  cancel: ClosureCancelMode,
  requested_by: z.enum(['member', 'staff']),
  reason: z.string().nullable(),
  created_at: z.string(),
  grace_ends_at: z.string(),
  restored_at: z.string().nullable(),
  erased_at: z.string().nullable(),
  last_error: z.string().nullable(),
  steps: z.array(ClosureStep),
});
export type AccountClosure = z.infer<typeof AccountClosure>;

export const AccountClosureResponse = z.object({ data: AccountClosure.nullable() });
export const CloseAccountResponse = z.object({ message: z.string(), data: AccountClosure });

export const CloseAccountRequest = z.object({
  password: z.string({ error: 'Enter your password to close your account.' }).min(1, 'Enter your password to close your account.').max(255),
  cancel: ClosureCancelMode.default('period_end'),
});
export type CloseAccountRequest = z.input<typeof CloseAccountRequest>;

export const StaffCloseAccountRequest = z.object({
  reason: z
    .string({ error: 'Enter the reason for closing this account.' })
    .trim()
    .min(1, 'Enter the reason for closing this account.')
    .max(500, 'The reason is limited to 500 characters.'),
  cancel: ClosureCancelMode.default('period_end'),
});
export type StaffCloseAccountRequest = z.input<typeof StaffCloseAccountRequest>;

export const StaffExportRequest = z.object({
  reason: z
    .string({ error: 'Enter the reason for this export.' })
    .trim()
    .min(1, 'Enter the reason for this export.')
    .max(500, 'The reason is limited to 500 characters.'),
});
export type StaffExportRequest = z.input<typeof StaffExportRequest>;

export const MemberDataRights = z.object({
  exports: z.array(DataExport),
  closure: AccountClosure.nullable(),
});
export const MemberDataRightsResponse = z.object({ data: MemberDataRights });

const ExportParams = z.object({ exportId: z.string().max(64) });
const MemberParams = z.object({ id: z.string().max(64) });
const MemberExportParams = z.object({ id: z.string().max(64), exportId: z.string().max(64) });

export const dataRightsEndpoints = {
  listDataExports: endpoint({
    method: 'GET',
    path: '/api/me/data-exports',
    tags: ['account'],
    response: { 200: DataExportListResponse },
  }),
  requestDataExport: endpoint({
    method: 'POST',
    path: '/api/me/data-exports',
    tags: ['account'],
    response: { 202: DataExportResponse },
  }),
  /** The ZIP itself (application/zip): no JSON answer. */
  downloadDataExport: endpoint({
    method: 'GET',
    path: '/api/me/data-exports/:exportId/archive',
    tags: ['account'],
    params: ExportParams,
  }),
  getClosure: endpoint({
    method: 'GET',
    path: '/api/me/closure',
    tags: ['account'],
    response: { 200: AccountClosureResponse },
  }),
  closeAccount: endpoint({
    method: 'POST',
    path: '/api/me/closure',
    tags: ['account'],
    body: CloseAccountRequest,
    response: { 202: CloseAccountResponse },
  }),
  getMemberDataRights: endpoint({
    method: 'GET',
    path: '/api/staff/members/:id/data-rights',
    tags: ['staff'],
    params: MemberParams,
    response: { 200: MemberDataRightsResponse },
  }),
  staffRequestDataExport: endpoint({
    method: 'POST',
    path: '/api/staff/members/:id/data-exports',
    tags: ['staff'],
    params: MemberParams,
    body: StaffExportRequest,
    response: { 202: DataExportResponse },
  }),
  /** The ZIP itself (application/zip): no JSON answer. */
  staffDownloadDataExport: endpoint({
    method: 'GET',
    path: '/api/staff/members/:id/data-exports/:exportId/archive',
    tags: ['staff'],
    params: MemberExportParams,
  }),
  staffCloseAccount: endpoint({
    method: 'POST',
    path: '/api/staff/members/:id/closure',
    tags: ['staff'],
    params: MemberParams,
    body: StaffCloseAccountRequest,
    response: { 202: CloseAccountResponse },
  }),
  /** Runs the closure's remaining steps again now (after a Stripe or broker failure). */
  staffRetryClosure: endpoint({
    method: 'POST',
    path: '/api/staff/members/:id/closure/retry',
    tags: ['staff'],
    params: MemberParams,
    response: { 202: CloseAccountResponse },
  }),
};
