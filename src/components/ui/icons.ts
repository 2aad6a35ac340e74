/**
 * The design system's icons: one set (Lucide, from npm, drawn as inline SVG, so no font or
 * phone can miss a glyph), re-exported under the names the app uses. Import icons from here,
 * never from `lucide-react` directly (ESLint enforces it), so every screen draws the same set
 * and a change of set is one file. Each export is a named re-export: the bundler keeps only
 * the icons a route uses.
 *
 * Icons are decorative by default (`aria-hidden`): the text next to them is the name. Size them
 * with a class (`size-4`, `size-5`); colour follows `currentColor`.
 */
export {
  ArrowLeft as BackIcon,
  ArrowLeftRight as TransferIcon,
  Bell as NotificationsIcon,
  Bookmark as SavedIcon,
  Check as CheckIcon,
  ChevronDown as ChevronDownIcon,
  ChevronLeft as PreviousIcon,
  ChevronRight as NextIcon,
  ChevronUp as ChevronUpIcon,
  ChevronsLeft as CollapseIcon,
  ChevronsRight as ExpandIcon,
  CircleAlert as ErrorIcon,
  Clock as RecentIcon,
  Copy as CopyIcon,
  CreditCard as PaymentsIcon,
  Download as DownloadIcon,
  Ellipsis as MoreIcon,
  Inbox as EmptyIcon,
  GraduationCap as EducationIcon,
  History as HistoryIcon,
  House as HomeIcon,
  Info as InfoIcon,
  Landmark as BankIcon,
  LogOut as LogoutIcon,
  Menu as MenuIcon,
  Minus as MinusIcon,
  Moon as DarkThemeIcon,
  Plus as PlusIcon,
  ReceiptText as TransactionsIcon,
  RotateCcw as ReversedIcon,
  Route as ProvidersIcon,
  ScrollText as AuditIcon,
  Search as SearchIcon,
  Settings as SettingsIcon,
  Share2 as ShareIcon,
  ShieldCheck as AdminIcon,
  Smartphone as AirtimeIcon,
  Sun as LightThemeIcon,
  SunMoon as SystemThemeIcon,
  Tag as PlanPricesIcon,
  Ticket as CouponIcon,
  Trash2 as DeleteIcon,
  TriangleAlert as WarningIcon,
  Tv as CableTvIcon,
  Users as UsersIcon,
  Wallet as WalletIcon,
  Wifi as DataIcon,
  WifiOff as OfflineIcon,
  X as CloseIcon,
  Zap as ElectricityIcon,
} from 'lucide-react';

export type { LucideIcon as IconComponent } from 'lucide-react';
