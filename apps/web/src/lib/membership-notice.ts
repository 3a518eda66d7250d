/** The inactive-membership notice: kept in session storage and broadcast to listeners. */
export const MEMBERSHIP_NOTICE_KEY = 'th_membership_notice';
export const MEMBERSHIP_NOTICE_EVENT = 'th:membership-notice';

export const DEFAULT_NOTICE = 'Your membership is inactive. Update billing to regain access.';

export type MembershipNotice = { message: string; at: number };

export function readMembershipNotice(): MembershipNotice | null {
  try {
    return JSON.parse(sessionStorage.getItem(MEMBERSHIP_NOTICE_KEY) ?? 'null') as MembershipNotice | null;
  } catch {
    return null;
  }
}

function broadcast(notice: MembershipNotice | null) {
  window.dispatchEvent(new CustomEvent<MembershipNotice | null>(MEMBERSHIP_NOTICE_EVENT, { detail: notice }));
}

export function raiseMembershipNotice(message: string = DEFAULT_NOTICE) {
  const notice = { message, at: Date.now() };
  sessionStorage.setItem(MEMBERSHIP_NOTICE_KEY, JSON.stringify(notice));
  broadcast(notice);
}

export function clearMembershipNotice() {
  sessionStorage.removeItem(MEMBERSHIP_NOTICE_KEY);
  broadcast(null);
}

export function onMembershipNotice(listener: (notice: MembershipNotice | null) => void) {
  const handler = (event: Event) => listener((event as CustomEvent<MembershipNotice | null>).detail);
  window.addEventListener(MEMBERSHIP_NOTICE_EVENT, handler);
  return () => window.removeEventListener(MEMBERSHIP_NOTICE_EVENT, handler);
}
