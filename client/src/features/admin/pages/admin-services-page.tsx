import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { AdminCategoriesSection } from '../components/admin-categories-section.tsx';
import { AdminServicesSection } from '../components/admin-services-section.tsx';

/**
 * /admin/services (issue 19): the categories customers browse (add, rename, order, hide) and every detailer's
 * services (search, filter, pause, edit texts and photo). Changes reach the home screen at once.
 */
export default function AdminServicesPage() {
  return (
    <div className="grid gap-4 p-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold text-neutral-900">Services</h1>
        <p className="text-sm text-neutral-600">What customers browse and book. Changes show on the home screen at once.</p>
      </div>
      <Tabs defaultValue="categories">
        <TabsList className="grid grid-cols-2">
          <TabsTrigger value="categories">Categories</TabsTrigger>
          <TabsTrigger value="services">All services</TabsTrigger>
        </TabsList>
        <TabsContent value="categories">
          <AdminCategoriesSection />
        </TabsContent>
        <TabsContent value="services">
          <AdminServicesSection />
        </TabsContent>
      </Tabs>
    </div>
  );
}
