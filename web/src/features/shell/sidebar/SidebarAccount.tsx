import { NavLink } from 'react-router';
import type { User } from '@bookwright/contracts/http';
import { Menu } from '../../../components/Menu';
import { toast } from '../../../components/toast';
import { BellIcon, HelpIcon, MoreIcon, SettingsIcon, SignOutIcon } from '../../../components/icons';
import { productName, supportEmail } from '../../../texts';
import { shellTexts } from '../texts';
import { Avatar, fullName } from '../UserBadge';
import { useSignOut } from '../useSignOut';
import type { SidebarLook } from './sidebarLook';

const supportLink = `mailto:${supportEmail}?${new URLSearchParams({
  subject: `${productName} support`,
  body: `Hello ${productName} team,\n\n`,
})
  .toString()
  .replace(/\+/g, '%20')}`;

/** The sidebar's foot (spec §2): Settings, and the user block with its menu (notifications, help, sign out). */
export function SidebarAccount({
  user,
  collapsed,
  look,
  onNavigate,
}: {
  user: User;
  collapsed: boolean;
  look: SidebarLook;
  onNavigate: () => void;
}) {
  const { signOut } = useSignOut();
  return (
    <div className={`border-t border-white/10 px-3 pt-2 pb-3 ${collapsed ? 'lg:px-2' : ''}`}>
      <NavLink
        to="/app/settings"
        onClick={onNavigate}
        className={look.navItem}
        title={collapsed ? shellTexts.settings : undefined}
      >
        <SettingsIcon />
        <span className={look.label}>{shellTexts.settings}</span>
      </NavLink>
      <div className="mt-1">
        <Menu
          label="Account menu"
          labelledByContent
          placement={collapsed ? 'up-right' : 'up'}
          buttonClassName={`flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-white/5 aria-expanded:bg-white/10 ${collapsed ? 'lg:justify-center lg:px-0' : ''}`}
          items={[
            {
              label: shellTexts.notifications,
              icon: <BellIcon className="size-4.5 text-stone-500" />,
              onSelect: () => toast.info(shellTexts.noNotifications),
            },
            {
              label: shellTexts.helpAndSupport,
              icon: <HelpIcon className="size-4.5 text-stone-500" />,
              href: supportLink,
            },
            {
              label: shellTexts.signOut,
              icon: <SignOutIcon className="size-4.5 text-stone-500" />,
              onSelect: () => void signOut(),
            },
          ]}
        >
          <span className="sr-only">Account menu: </span>
          <span className="flex min-w-0 flex-1 items-center gap-3" data-testid="current-user">
            <Avatar user={user} className="size-9 ring-2 ring-white/10" />
            <span className={`min-w-0 flex-1 leading-tight ${look.label}`}>
              <span className="block truncate text-sm font-semibold text-white">{fullName(user)}</span>
              <span className="block truncate text-xs text-ink-300">{user.email}</span>
            </span>
          </span>
          <MoreIcon className={`size-5 text-ink-300 ${look.wideOnly}`} />
        </Menu>
      </div>
    </div>
  );
}
