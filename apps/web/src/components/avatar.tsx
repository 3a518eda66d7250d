import { displayName, initials } from '@th/domain';
import type { Profile } from '@th/contracts';

/** The member's picture, or their initials on a coloured disc. */
export function Avatar({ profile, size = 36 }: { profile: Profile | null | undefined; size?: number }) {
  const name = displayName(profile);
  if (profile?.avatar) {
    return <img className="avatar" src={profile.avatar} alt="" width={size} height={size} />;
  }
  return (
    <span className="avatar avatar-initials" style={{ width: size, height: size }} aria-hidden="true" title={name}>
      {initials(profile)}
    </span>
  );
}
