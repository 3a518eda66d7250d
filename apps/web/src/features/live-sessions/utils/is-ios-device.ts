type DeviceNavigator = Pick<Navigator, 'userAgent' | 'maxTouchPoints'>;

/**
 * iPhone, iPad and iPod, including iPadOS which reports itself as a Mac: a "Macintosh" with a
 * touch screen is an iPad. The Zoom Component View does not run on these devices.
 */
export function isIosDevice(device: DeviceNavigator | undefined = globalThis.navigator): boolean {
  if (!device) return false;
  if (/iPhone|iPad|iPod/i.test(device.userAgent)) return true;
  return /Macintosh/i.test(device.userAgent) && (device.maxTouchPoints ?? 0) > 1;
}

export const IOS_NOTICE = 'This device does not support In Platform streaming.';
