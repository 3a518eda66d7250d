import { useMutation } from '@tanstack/react-query';
import { reportEndpoints } from '@th/contracts/reports';
import { api, type ApiQuery } from '@/lib/api-client';

const EXPORTS = {
  performance: reportEndpoints.exportPerformanceReport,
  trades: reportEndpoints.exportTrades,
};

/** One of the CSV exports with the page's filters: the report's or the trade log's. */
export type CsvDownload =
  | { file: 'performance'; query: ApiQuery<typeof EXPORTS.performance>; filename: string }
  | { file: 'trades'; query: ApiQuery<typeof EXPORTS.trades>; filename: string };

/** Fetches a CSV through the API client (it carries the bearer token) and saves it as a file. */
export async function downloadCsv(download: CsvDownload): Promise<void> {
  const text: unknown =
    download.file === 'performance'
      ? await api.call(EXPORTS.performance, { query: download.query })
      : await api.call(EXPORTS.trades, { query: download.query });
  const blob = new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = download.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useDownloadCsv = () => useMutation({ mutationFn: downloadCsv });
