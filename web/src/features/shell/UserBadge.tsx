import type { User } from '@bookwright/contracts/http';

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

export function Avatar({ user, className = 'size-9' }: { user: User; className?: string }) {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return user.avatar ? (
    <img src={user.avatar} alt="" className={`shrink-0 rounded-full object-cover ${className}`} />
  ) : (
    <span
      className={`flex shrink-0 items-center justify-center rounded-full bg-ink-100 text-sm font-semibold text-ink-800 ${className}`}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
