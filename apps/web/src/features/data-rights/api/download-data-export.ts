import { useMutation } from '@tanstack/react-query';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';
import { saveFile } from '../save-file';

/** Fetches the member's archive with their token and saves it as a file. */
export async function downloadDataExport(input: { exportId: string; filename: string }) {
  const blob = await api.download(dataRightsEndpoints.downloadDataExport, { params: { exportId: input.exportId } });
  saveFile(blob, input.filename);
}

export const useDownloadDataExport = () => useMutation({ mutationFn: downloadDataExport });
