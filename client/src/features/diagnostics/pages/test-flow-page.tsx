import { RefreshCw } from 'lucide-react';
import type { ProbeState } from '@core/schemas/diagnostics.ts';
import { DebugQueryState } from '@/components/debug/debug-query-state.tsx';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useFlowDiagnostics } from '../api/diagnostics.ts';
import { formatDateTime } from '../components/details-list.tsx';

const chips: Record<ProbeState, { label: string; variant: BadgeVariant }> = {
  ok: { label: 'Working', variant: 'success' },
  degraded: { label: 'Degraded', variant: 'warning' },
  down: { label: 'Down', variant: 'danger' },
  off: { label: 'Not configured', variant: 'neutral' },
};

/** /test-flow (issue 19): the booking flow's health, each part probed live by the server. */
export default function TestFlowPage() {
  const flow = useFlowDiagnostics();
  return (
    <DebugQueryState query={flow} label="the booking flow's health">
      {(data) => (
        <div className="grid gap-4 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="grid gap-1">
              <h1 className="text-xl font-semibold text-neutral-900">Test flow</h1>
              <p className="text-sm text-neutral-600">Checked {formatDateTime(data.checkedAt)}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => flow.refetch()} disabled={flow.isFetching}>
              <RefreshCw aria-hidden />
              {flow.isFetching ? 'Checking...' : 'Check again'}
            </Button>
          </div>
          <Card className="p-4">
            <ul className="grid gap-3" aria-label="Booking flow health">
              {data.probes.map((probe) => (
                <li key={probe.name} className="grid gap-1 border-b border-neutral-100 pb-3 last:border-b-0 last:pb-0">
                  <div className="flex items-center justify-between gap-3">
                    <span className="text-sm font-semibold text-neutral-900">{probe.name}</span>
                    <Badge variant={chips[probe.state].variant}>{chips[probe.state].label}</Badge>
                  </div>
                  <p className="text-sm break-words text-neutral-600">{probe.detail}</p>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      )}
    </DebugQueryState>
  );
}
