/**
 * The areas in the navigation drawer. Only areas that work are listed; each new page adds its
 * entry here and its route in router.tsx.
 */
import EventIcon from '@mui/icons-material/EventOutlined';
import ScheduleIcon from '@mui/icons-material/CalendarMonthOutlined';
import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import SettingsIcon from '@mui/icons-material/TuneOutlined';
import BillingIcon from '@mui/icons-material/ReceiptLongOutlined';
import PlaylistIcon from '@mui/icons-material/QueueMusicOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import AssetsIcon from '@mui/icons-material/PhotoLibraryOutlined';
import ArchiverIcon from '@mui/icons-material/VideoLibraryOutlined';
import PublicationsIcon from '@mui/icons-material/PodcastsOutlined';
import DestinationsIcon from '@mui/icons-material/HubOutlined';
import AlertsIcon from '@mui/icons-material/NotificationsOutlined';
import ActivityIcon from '@mui/icons-material/HistoryOutlined';

export interface NavigationArea {
  path: string;
  label: string;
  icon: typeof EventIcon;
  /** Keys after `g` that go there (`g e`). */
  hotkey: string;
}

export const navigationAreas: readonly NavigationArea[] = [
  { path: '/events', label: 'Events', icon: EventIcon, hotkey: 'e' },
  { path: '/alerts', label: 'Alerts', icon: AlertsIcon, hotkey: 'l' },
  { path: '/schedule', label: 'Schedule', icon: ScheduleIcon, hotkey: 's' },
  { path: '/compose', label: 'Playlists', icon: PlaylistIcon, hotkey: 'p' },
  { path: '/assets', label: 'Assets', icon: AssetsIcon, hotkey: 'i' },
  { path: '/downloads', label: 'Downloads', icon: DownloadIcon, hotkey: 'd' },
  { path: '/mailbox', label: 'Mailbox', icon: MailIcon, hotkey: 'm' },
  { path: '/archiver', label: 'Archiver', icon: ArchiverIcon, hotkey: 'a' },
  { path: '/publications', label: 'Publications', icon: PublicationsIcon, hotkey: 'u' },
  { path: '/destinations', label: 'Destinations', icon: DestinationsIcon, hotkey: 't' },
  { path: '/webhooks', label: 'Webhooks', icon: WebhookIcon, hotkey: 'w' },
  { path: '/configuration', label: 'Configuration', icon: SettingsIcon, hotkey: 'c' },
  { path: '/billing', label: 'Billing', icon: BillingIcon, hotkey: 'b' },
  { path: '/activity', label: 'Activity', icon: ActivityIcon, hotkey: 'y' },
];
