/** A moment as staff read it, in their own zone: "Mar 4, 2025, 9:15 AM". */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
