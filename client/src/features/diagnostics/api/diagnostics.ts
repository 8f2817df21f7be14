import { useQuery } from '@tanstack/react-query';
import type { AuthDiagnostics, FlowDiagnostics, IdentityDiagnostics } from '@core/schemas/diagnostics.ts';
import { apiGet } from '@/lib/api-client.ts';

// The admins' debug pages (issue 19): each answers 404 with demo mode off, so a failure is not retried.

export const useAuthDiagnostics = () =>
  useQuery({ queryKey: ['/api/diagnostics/auth'], queryFn: () => apiGet<AuthDiagnostics>('/api/diagnostics/auth'), retry: false });

export const useIdentityDiagnostics = () =>
  useQuery({
    queryKey: ['/api/diagnostics/identity'],
    queryFn: () => apiGet<IdentityDiagnostics>('/api/diagnostics/identity'),
    retry: false,
  });

/** Probed live each time: never served from the cache. */
export const useFlowDiagnostics = () =>
  useQuery({
    queryKey: ['/api/diagnostics/flow'],
    queryFn: () => apiGet<FlowDiagnostics>('/api/diagnostics/flow'),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
