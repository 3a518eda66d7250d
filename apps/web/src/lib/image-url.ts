import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * An image the API serves, as an address an <img> can show. The API takes the bearer token,
 * which an <img src> cannot send, so the bytes come through the API client (kept while the page
 * lives: a stored image never changes) and the address is released when the image leaves the screen.
 */
export function useImageUrl(queryKey: readonly unknown[], download: (signal: AbortSignal) => Promise<Blob>) {
  const image = useQuery({ queryKey, queryFn: ({ signal }) => download(signal), staleTime: Infinity });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const address = URL.createObjectURL(image.data);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [image.data]);
  return { url, failed: image.isError };
}
