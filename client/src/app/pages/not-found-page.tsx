import { NotFound } from '@/components/not-found.tsx';

export default function NotFoundPage() {
  return <NotFound />;
}
