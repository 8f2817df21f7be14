import { ComingSoonPage } from '@/app/pages/coming-soon-page.tsx';

export default function HomePage() {
  return <ComingSoonPage title="Home" />;
}
