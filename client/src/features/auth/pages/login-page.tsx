import { ComingSoonPage } from '@/app/pages/coming-soon-page.tsx';

export default function LoginPage() {
  return <ComingSoonPage title="Welcome to Glossly" />;
}
