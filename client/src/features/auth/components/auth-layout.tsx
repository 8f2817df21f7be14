import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';

/** The centred card every sign-in screen uses; its title is the page's h1. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="px-4 py-6">
      <Card>
        <CardHeader className="items-center pt-6 text-center">
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="pb-6">{children}</CardContent>
      </Card>
    </section>
  );
}
