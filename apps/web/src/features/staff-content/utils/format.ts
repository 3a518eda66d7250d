import { momentLabel } from '@th/domain';

/** A moment as staff read it, its zone named: "Mar 4, 2025, 9:15 AM EST" (Toronto time). */
export const formatDateTime = (iso: string) => momentLabel(iso) ?? '—';
