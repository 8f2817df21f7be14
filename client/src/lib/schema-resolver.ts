import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { afterNextPaint } from './after-next-paint.ts';

/**
 * A form's resolver for a shared schema (core/schemas) that loads the schema, and zod with it, when the form is first
 * used rather than with its page. Building zod and a page's schemas took 100 to 250 ms of one task while a slow
 * phone started /login and /booking/1 (issue 13, Total Blocking Time); a reader who never types now pays nothing.
 * Loading starts once the first focus anywhere in the page has painted (the reader is about to type); a validation
 * before that waits for it; a load that fails is tried again at the next validation. Make one per form, at module
 * level, and name the schema module by a function, `() => import(...)`, so that the bundler splits it out of the page.
 */
export function schemaResolver<Input extends FieldValues, Output = Input>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    ));
  // Asked for inside the focusing tap, the chunks (the bundler adds a preload link for each) made its answer wait.
  if (typeof document !== 'undefined') {
    document.addEventListener('focusin', () => afterNextPaint(load), { once: true, capture: true });
  }
  return async (values, context, options) => (await load())(values, context, options);
}
