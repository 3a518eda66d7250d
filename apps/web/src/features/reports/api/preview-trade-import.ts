import { useMutation } from '@tanstack/react-query';
import type { TradeImportPreview, TradeImportRequest } from '@th/contracts';
import { reportEndpoints } from '@th/contracts/reports';
import { api } from '@/lib/api-client';

export async function previewTradeImport(request: TradeImportRequest): Promise<TradeImportPreview> {
  const body = await api.call(reportEndpoints.previewTradeImport, { body: request });
  return body.data;
}

export const usePreviewTradeImport = () => useMutation({ mutationFn: previewTradeImport });
