import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Query = Record<string, string | undefined>;

/** Fetches a CSV through the API client (it carries the bearer token) and saves it as a file. */
export async function downloadCsv(path: string, query: Query, filename: string): Promise<void> {
  const text = await api.get<string>(path, query);
  const blob = new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /api/reports/performance.csv or /api/trades/export.csv with the page's filters. */
export const useDownloadCsv = () =>
  useMutation({
    mutationFn: ({ path, query, filename }: { path: string; query: Query; filename: string }) =>
      downloadCsv(path, query, filename),
  });
