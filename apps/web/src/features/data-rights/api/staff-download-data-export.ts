import { useMutation } from '@tanstack/react-query';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';
import { saveFile } from '../save-file';

/** Staff download a member's archive (the server records it in the audit log). */
export async function staffDownloadDataExport(input: { id: string; exportId: string; filename: string }) {
  const blob = await api.download(dataRightsEndpoints.staffDownloadDataExport, { params: { id: input.id, exportId: input.exportId } });
  saveFile(blob, input.filename);
}

export const useStaffDownloadDataExport = () => useMutation({ mutationFn: staffDownloadDataExport });
