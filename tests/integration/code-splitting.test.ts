import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayBeCopiedIntoPages } from '../../vite.config.ts';

const at = (file: string) => path.resolve(import.meta.dirname, '../..', file);

// vite.config.ts copies small common chunks into each lazy page that uses them. A module holding state shared
// between pages would then exist once per page, and the pages would stop agreeing (two location stores, two toast
// queues, two dialog layer stacks): such modules must stay single.
describe('which modules the build may copy into each page', () => {
  it('keeps modules that hold a store or a React context single, ours and the icons package alike', () => {
    expect(mayBeCopiedIntoPages(at('client/src/components/catalog/shared-location.ts'))).toBe(false);
    expect(mayBeCopiedIntoPages(at('client/src/lib/toast.ts'))).toBe(false);
    expect(mayBeCopiedIntoPages(at('client/src/components/offline-banner.tsx'))).toBe(false);
    expect(mayBeCopiedIntoPages(at('node_modules/lucide-react/dist/esm/context.mjs'))).toBe(false);
  });

  it('keeps every other package single, and anything that is not a script file', () => {
    expect(mayBeCopiedIntoPages(at('node_modules/@radix-ui/react-dialog/dist/index.mjs'))).toBe(false);
    expect(mayBeCopiedIntoPages(at('node_modules/@tanstack/react-query/build/modern/useMutation.js'))).toBe(false);
    expect(mayBeCopiedIntoPages('\0vite/preload-helper.js')).toBe(false);
    expect(mayBeCopiedIntoPages(at('client/src/components/map/map.css'))).toBe(false);
  });

  it('copies stateless components, helpers and icons', () => {
    expect(mayBeCopiedIntoPages(at('node_modules/lucide-react/dist/esm/icons/star.mjs'))).toBe(true);
    expect(mayBeCopiedIntoPages(at('client/src/components/catalog/star-rating.tsx'))).toBe(true);
    expect(mayBeCopiedIntoPages(at('core/domain/money.ts'))).toBe(true);
  });
});
