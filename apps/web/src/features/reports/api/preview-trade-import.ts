import { useMutation } from '@tanstack/react-query';
import type { TradeImportPreview, TradeImportRequest } from '@th/contracts';
import { api } from '@/lib/api-client';

export async function previewTradeImport(request: TradeImportRequest): Promise<TradeImportPreview> {
  const body = await api.post<{ data: TradeImportPreview }>('/api/trades/import/preview', request);
  return body.data;
}

export const usePreviewTradeImport = () => useMutation({ mutationFn: previewTradeImport });
