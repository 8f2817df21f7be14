import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, HTTPMethods } from 'fastify';

// What the fuzzer (fuzz.test.ts) finds at run time: the app's routes and the field names its contracts know.

export type Endpoint = { method: HTTPMethods; url: string };

/** The routes in the router's table (printRoutes draws a tree whose children extend their parent's path). */
export function listEndpoints(app: FastifyInstance): Endpoint[] {
  const endpoints: Endpoint[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/u.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const fullPath = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = fullPath;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) endpoints.push({ method: method as HTTPMethods, url: fullPath });
    }
  }
  return endpoints;
}

/** Every key of every object schema exported by core/schemas: the names a request body or query may carry. */
export async function contractFieldNames(): Promise<string[]> {
  const schemaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../core/schemas');
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown, depth: number) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema) || depth > 12) return;
    seen.add(schema);
    const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (def.type === 'object') {
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(key);
        walk(value, depth + 1);
      }
    }
    for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'schema']) walk(def[key], depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) walk(option, depth + 1);
  };
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(path.join(schemaDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) walk(value, 0);
  }
  return [...names].sort();
}
