import { AnnouncementsScreen } from '@/features/admin/components/announcements-screen';

export function AdminAnnouncementsPage() {
  return <AnnouncementsScreen />;
}
