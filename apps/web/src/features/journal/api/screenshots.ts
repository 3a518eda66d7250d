import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { journalScreenshotEndpoints, type Screenshot } from '@th/contracts/journal-screenshots';
import { api } from '@/lib/api-client';
import { useImageUrl } from '@/lib/image-url';
import { tradeDataKeys } from '@/lib/trade-data';
import { thumbnailOf } from '@/lib/thumbnail';

/** The day's screenshots, its own and its trades': one call shared by every place on the page. */
export const useDayScreenshots = (date: string) =>
  useQuery({
    queryKey: tradeDataKeys.screenshots(date),
    queryFn: ({ signal }) => api.call(journalScreenshotEndpoints.listDayScreenshots, { params: { date }, signal }),
  });

/** Sends the image with the small copy the browser made of it (if it could) for the thumbnails. */
export async function attachScreenshot(date: string, file: File, tradeId: string | null) {
  const form = new FormData();
  form.append('file', file);
  const thumbnail = await thumbnailOf(file);
  if (thumbnail) form.append('thumbnail', thumbnail, 'thumbnail.webp');
  if (tradeId) form.append('trade_id', tradeId);
  return api.call(journalScreenshotEndpoints.attachScreenshot, { params: { date }, body: form });
}

export const useAttachScreenshot = (date: string, tradeId: string | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => attachScreenshot(date, file, tradeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeDataKeys.screenshots(date) }),
  });
};

export const useDeleteScreenshot = (date: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (screenshot: Screenshot) =>
      api.call(journalScreenshotEndpoints.deleteScreenshot, { params: { screenshotId: screenshot.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeDataKeys.screenshots(date) }),
  });
};

/** A screenshot's bytes as an address an <img> can show (see useImageUrl). */
export const useScreenshotUrl = (screenshot: Screenshot, size: 'full' | 'thumbnail') =>
  useImageUrl(['screenshot-image', screenshot.id, size], (signal) =>
    api.download(journalScreenshotEndpoints.getScreenshotImage, { params: { screenshotId: screenshot.id }, query: { size }, signal }),
  );
