import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { pushPublicKeyQueryOptions } from '../api/get-push-public-key';
import { subscribePush } from '../api/subscribe-push';
import { unsubscribePush } from '../api/unsubscribe-push';

/** The push service worker (apps/web/public/sw.js): it shows pushes and opens their page. */
export const PUSH_WORKER_URL = '/sw.js';

/** Where this browser stands with push: it may not support it, or its member may have blocked it. */
export type PushDeviceState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The browser's own words for a failure are often empty or technical: the member reads ours. */
export class PushDeviceError extends Error {}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

/** Whether the browser subscribed with this key: after the operator replaces the pair, its old subscription reaches nobody. */
const subscribedWith = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

async function pushWorker() {
  await navigator.serviceWorker.register(PUSH_WORKER_URL);
  return navigator.serviceWorker.ready;
}

/**
 * Push on this device: registers the push service worker, reads whether this browser is
 * subscribed, and turns push on (asks permission, subscribes with the server's public key, tells
 * the server) or off (tells the server, then unsubscribes the browser).
 */
export function usePushDevice() {
  const client = useQueryClient();
  const [state, setState] = useState<PushDeviceState>(() => (supported() ? 'checking' : 'unsupported'));

  useEffect(() => {
    if (!supported()) return;
    let live = true;
    void (async () => {
      let registration: ServiceWorkerRegistration;
      try {
        registration = await pushWorker();
      } catch {
        if (live) setState('unsupported');
        return;
      }
      const subscription = await registration.pushManager.getSubscription().catch(() => null);
      // Without an answer from the server, the browser's own word stands.
      const key = subscription ? await client.fetchQuery(pushPublicKeyQueryOptions()).then((k) => keyBytes(k.public_key), () => null) : null;
      if (!live) return;
      if (Notification.permission === 'denied') setState('blocked');
      else setState(subscription && (key === null || subscribedWith(subscription, key)) ? 'on' : 'off');
    })();
    return () => {
      live = false;
    };
  }, [client]);

  const turnOn = useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      // Blocked: the status line says where to allow it; nothing failed that trying again would fix.
      if (permission === 'denied') return setState('blocked');
      if (permission !== 'granted') throw new PushDeviceError('Push stays off: the browser did not get your permission to show notifications.');
      const { public_key } = await client.fetchQuery(pushPublicKeyQueryOptions());
      const key = keyBytes(public_key);
      const registration = await pushWorker();
      // A subscription under a replaced key must go before the browser takes the new one.
      const stale = await registration.pushManager.getSubscription();
      if (stale && !subscribedWith(stale, key)) await stale.unsubscribe();
      let subscription: PushSubscription;
      try {
        subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      } catch {
        throw new PushDeviceError('This browser could not reach its push service, so push cannot be turned on here. Please try again later.');
      }
      const json = subscription.toJSON();
      await subscribePush({ endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
      setState('on');
    },
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const registration = await pushWorker();
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        // Already gone on the server (its push service said so): off all the same.
        await unsubscribePush(subscription.endpoint).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
        await subscription.unsubscribe();
      }
      setState('off');
    },
  });

  return { state, turnOn, turnOff };
}
