import type { ReactNode } from 'react';

/** Line icons on a 20×20 grid, drawn with the current text colour. Always decorative: label the control. */
function Icon({ children, className = 'size-5' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

type P = { className?: string };

export const HomeIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3.5 9 10 3.5 16.5 9v7a1 1 0 0 1-1 1H12v-4.5H8V17H4.5a1 1 0 0 1-1-1V9Z" />
  </Icon>
);
export const SearchIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="8.75" cy="8.75" r="5" />
    <path d="m12.5 12.5 4 4" />
  </Icon>
);
export const SettingsIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="10" cy="10" r="2.5" />
    <path d="M10 2.75v1.5M10 15.75v1.5M17.25 10h-1.5M4.25 10h-1.5M15.13 4.87l-1.06 1.06M5.93 14.07l-1.06 1.06M15.13 15.13l-1.06-1.06M5.93 5.93 4.87 4.87" />
  </Icon>
);
export const BellIcon = (p: P) => (
  <Icon {...p}>
    <path d="M5 13.5V9a5 5 0 0 1 10 0v4.5l1.25 1.5H3.75L5 13.5ZM8.25 17a1.75 1.75 0 0 0 3.5 0" />
  </Icon>
);
export const HelpIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="10" cy="10" r="7" />
    <path d="M8 8a2 2 0 1 1 2.75 1.85c-.45.2-.75.6-.75 1.1v.55M10 13.75h.01" />
  </Icon>
);
export const SignOutIcon = (p: P) => (
  <Icon {...p}>
    <path d="M8 4H5.5A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8M12.5 13.5 16 10l-3.5-3.5M16 10H8" />
  </Icon>
);
export const SidebarIcon = (p: P) => (
  <Icon {...p}>
    <rect x="3" y="3.5" width="14" height="13" rx="2" />
    <path d="M8 3.5v13" />
  </Icon>
);
export const MenuIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3.5 5.5h13M3.5 10h13M3.5 14.5h13" />
  </Icon>
);
export const CloseIcon = (p: P) => (
  <Icon {...p}>
    <path d="m5.5 5.5 9 9M14.5 5.5l-9 9" />
  </Icon>
);
export const PlusIcon = (p: P) => (
  <Icon {...p}>
    <path d="M10 4.5v11M4.5 10h11" />
  </Icon>
);
export const TrashIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 6h12M8 6V4.5h4V6M5.5 6l.7 9.6a1 1 0 0 0 1 .9h5.6a1 1 0 0 0 1-.9L14.5 6M8.5 9v4.5M11.5 9v4.5" />
  </Icon>
);
export const CheckIcon = (p: P) => (
  <Icon {...p}>
    <path d="m4.5 10.5 3.5 3.5 7.5-8" />
  </Icon>
);
export const MoreIcon = (p: P) => (
  <Icon {...p}>
    <path d="M5 10h.01M10 10h.01M15 10h.01" strokeWidth="2.6" />
  </Icon>
);
export const ChevronLeftIcon = (p: P) => (
  <Icon {...p}>
    <path d="m12 5-5 5 5 5" />
  </Icon>
);
export const ChevronRightIcon = (p: P) => (
  <Icon {...p}>
    <path d="m8 5 5 5-5 5" />
  </Icon>
);
export const ChevronDownIcon = (p: P) => (
  <Icon {...p}>
    <path d="m5 8 5 5 5-5" />
  </Icon>
);
export const CalendarIcon = (p: P) => (
  <Icon {...p}>
    <rect x="3.5" y="4.5" width="13" height="12" rx="1.5" />
    <path d="M3.5 8.5h13M7 3v3M13 3v3" />
  </Icon>
);
export const ImageIcon = (p: P) => (
  <Icon {...p}>
    <rect x="3" y="4" width="14" height="12" rx="1.5" />
    <circle cx="7.5" cy="8.25" r="1.25" />
    <path d="m3.5 14.5 4-4 3 3 2-2 4 4" />
  </Icon>
);
export const DownloadIcon = (p: P) => (
  <Icon {...p}>
    <path d="M10 3.5v9M6.5 9 10 12.5 13.5 9M4 15.5h12" />
  </Icon>
);
export const SaveIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4.5 3.5h9l3 3v9a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1v-11a1 1 0 0 1 1-1Z" />
    <path d="M7 3.5v4h6v-4M6.5 16.5v-5h7v5" />
  </Icon>
);
export const PanelIcon = (p: P) => (
  <Icon {...p}>
    <rect x="3" y="3.5" width="14" height="13" rx="2" />
    <path d="M8 3.5v13M4.75 7h1.5M4.75 9.5h1.5" />
  </Icon>
);
export const BookIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4.5 4.5A1.5 1.5 0 0 1 6 3h9.5v12H6a1.5 1.5 0 0 0-1.5 1.5v-12ZM4.5 16.5A1.5 1.5 0 0 0 6 18h9.5v-3" />
  </Icon>
);
export const RetryIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 10a6 6 0 1 0 1.76-4.24M4 4v3.5h3.5" />
  </Icon>
);
export const SparkIcon = (p: P) => (
  <Icon {...p}>
    <path d="M10 3v3M10 14v3M3 10h3M14 10h3M5.5 5.5l2 2M12.5 12.5l2 2M14.5 5.5l-2 2M7.5 12.5l-2 2" />
  </Icon>
);

/* Toolbar glyphs */
export const HeadingIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3.5 5v10M9.5 5v10M3.5 10h6M13 7.75 15.5 5.5V15" strokeWidth="1.8" />
  </Icon>
);
export const ParagraphIcon = (p: P) => (
  <Icon {...p}>
    <path d="M10.5 16V4.5H15M13.25 4.5V16M10.5 4.5H8.75a3.25 3.25 0 0 0 0 6.5h1.75" />
  </Icon>
);
export const BoldIcon = (p: P) => (
  <Icon {...p}>
    <path d="M6 4h5a3 3 0 0 1 0 6H6V4ZM6 10h5.75a3 3 0 0 1 0 6H6v-6Z" strokeWidth="1.9" />
  </Icon>
);
export const ItalicIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12.5 4h-4M11.5 16h-4M10.75 4l-1.5 12" />
  </Icon>
);
export const AlignLeftIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3.5 5h13M3.5 8.33h8.5M3.5 11.66h13M3.5 15h8.5" />
  </Icon>
);
export const AlignCenterIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3.5 5h13M5.75 8.33h8.5M3.5 11.66h13M5.75 15h8.5" />
  </Icon>
);
export const AlignRightIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3.5 5h13M8 8.33h8.5M3.5 11.66h13M8 15h8.5" />
  </Icon>
);
export const AlignJustifyIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3.5 5h13M3.5 8.33h13M3.5 11.66h13M3.5 15h13" />
  </Icon>
);
export const BulletListIcon = (p: P) => (
  <Icon {...p}>
    <path d="M8 5.5h8.5M8 10h8.5M8 14.5h8.5M4 5.5h.01M4 10h.01M4 14.5h.01" />
    <path d="M4 5.5h.01M4 10h.01M4 14.5h.01" strokeWidth="2.6" />
  </Icon>
);
export const OrderedListIcon = (p: P) => (
  <Icon {...p}>
    <path d="M8.5 5.5h8M8.5 10h8M8.5 14.5h8" />
    <path
      d="M3.5 4.25 4.75 3.5v4M3.4 11.2c.2-.6.75-.95 1.35-.95.7 0 1.25.5 1.25 1.1 0 .95-2.6 1.6-2.6 3.1H6"
      strokeWidth="1.2"
    />
  </Icon>
);
