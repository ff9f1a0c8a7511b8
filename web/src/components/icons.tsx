import type { LucideIcon } from 'lucide-react';
import {
  ALargeSmall,
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bell,
  Bold,
  BookOpen,
  Calendar,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleHelp,
  Download,
  Ellipsis,
  Heading1,
  House,
  Image,
  Italic,
  List,
  ListOrdered,
  LogOut,
  Menu,
  PanelLeft,
  PanelsTopLeft,
  Pilcrow,
  Plus,
  RotateCcw,
  Save,
  Search,
  Settings,
  Sparkles,
  Trash2,
  Upload,
  UserPlus,
  Users,
  Link as LinkGlyph,
  X,
} from 'lucide-react';

type P = { className?: string };

/**
 * Our icon names on lucide's line icons, drawn with the current text colour. Always decorative: label the
 * control. Importing a name pulls in that icon only.
 */
function icon(Glyph: LucideIcon) {
  const Icon = ({ className = 'size-5' }: P) => (
    <Glyph className={`shrink-0 ${className}`} strokeWidth={1.75} aria-hidden="true" focusable="false" />
  );
  Icon.displayName = `${Glyph.displayName ?? 'Lucide'}Icon`;
  return Icon;
}

export const HomeIcon = icon(House);
export const SearchIcon = icon(Search);
export const SettingsIcon = icon(Settings);
export const BellIcon = icon(Bell);
export const HelpIcon = icon(CircleHelp);
export const SignOutIcon = icon(LogOut);
export const SidebarIcon = icon(PanelLeft);
export const MenuIcon = icon(Menu);
export const CloseIcon = icon(X);
export const PlusIcon = icon(Plus);
export const TrashIcon = icon(Trash2);
export const UploadIcon = icon(Upload);
export const ShareIcon = icon(UserPlus);
export const PeopleIcon = icon(Users);
export const LinkIcon = icon(LinkGlyph);
export const CheckIcon = icon(Check);
export const MoreIcon = icon(Ellipsis);
export const ChevronLeftIcon = icon(ChevronLeft);
export const ChevronRightIcon = icon(ChevronRight);
export const ChevronDownIcon = icon(ChevronDown);
export const CalendarIcon = icon(Calendar);
export const ImageIcon = icon(Image);
export const DownloadIcon = icon(Download);
export const SaveIcon = icon(Save);
export const PanelIcon = icon(PanelsTopLeft);
export const BookIcon = icon(BookOpen);
export const RetryIcon = icon(RotateCcw);
export const SparkIcon = icon(Sparkles);
export const HeadingIcon = icon(Heading1);
export const ParagraphIcon = icon(Pilcrow);
export const BoldIcon = icon(Bold);
export const ItalicIcon = icon(Italic);
export const SmallCapsIcon = icon(ALargeSmall);
export const AlignLeftIcon = icon(AlignLeft);
export const AlignCenterIcon = icon(AlignCenter);
export const AlignRightIcon = icon(AlignRight);
export const AlignJustifyIcon = icon(AlignJustify);
export const BulletListIcon = icon(List);
export const OrderedListIcon = icon(ListOrdered);
