import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffExportRequest } from '@th/contracts';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';
import { dataRightsKeys } from './keys';

export const staffRequestDataExport = (id: string, body: StaffExportRequest) =>
  api.call(dataRightsEndpoints.staffRequestDataExport, { params: { id }, body });

export function useStaffRequestDataExport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffExportRequest) => staffRequestDataExport(id, body),
    onSettled: () => void client.invalidateQueries({ queryKey: dataRightsKeys.member(id) }),
  });
}
