// npm run rooms: the server's room graph, read from the imports (docs/ARCHITECTURE.md, decision 045).
// A room is the first folder under server/; each file directly in server/ (app.ts, context.ts, config.ts...) is a
// node of its own, named after the file, because the root holds both the top (app.ts, main.ts) and the bottom
// (context.ts, clock.ts, config.ts) of the graph. Every non-test file counts, with static imports, `import type`,
// re-exports and dynamic `import()`, resolved to the file they name. Exits 1 when rooms form a cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { graphName, roomOrder } from './server-rooms.mjs';

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `import type {...}`, `import { type A, type B }`, `export type {...}`: erased, no code is loaded. */
function isTypeOnly(node) {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

/** Every module specifier a file names, whether only its types are used or its values too. */
function specifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnly(node) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (with or without its extension, or a folder's index), else null. */
function resolve(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null; // packages and @core/ (core sits outside the server)
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** The room of a file: its first folder under the server, or the file's own name for a file at the root. */
function roomOf(serverDir, file) {
  const [first, ...rest] = path.relative(serverDir, file).split(path.sep);
  return rest.length > 0 ? first : first.replace(/\.tsx?$/, '');
}

/** Tarjan's strongly connected components, each sorted, in a stable order. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const connect = (room) => {
    index.set(room, next);
    low.set(room, next);
    next++;
    stack.push(room);
    onStack.add(room);
    for (const target of graph.get(room)) {
      if (!index.has(target)) {
        connect(target);
        low.set(room, Math.min(low.get(room), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(room, Math.min(low.get(room), index.get(target)));
      }
    }
    if (low.get(room) === index.get(room)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== room);
      found.push(component.sort());
    }
  };
  for (const room of [...graph.keys()].sort()) if (!index.has(room)) connect(room);
  return found;
}

/**
 * The room graph of a server folder: rooms (sorted) -> the rooms they import, the files behind each arrow
 * (`from -> to` : ['a.ts -> b.ts']), and the cycles (strongly connected components of more than one room).
 */
export function roomGraph(serverDir, { contracts = new Set(['context']) } = {}) {
  const graph = new Map();
  const evidence = new Map();
  const files = sourceFiles(serverDir);
  for (const file of files) graph.set(roomOf(serverDir, file), new Set());
  for (const file of files) {
    const from = roomOf(serverDir, file);
    for (const { specifier, typeOnly } of specifiers(file)) {
      // The context is the contract every room implements a piece of: it names each collaborator's interface
      // where the room that owns it declares it, types only, so those arrows are not dependencies of the context.
      if (typeOnly && contracts.has(from)) continue;
      const target = resolve(file, specifier);
      if (!target || path.relative(serverDir, target).startsWith('..')) continue;
      const to = roomOf(serverDir, target);
      if (to === from) continue;
      graph.get(from).add(to);
      const key = `${from} -> ${to}`;
      if (!evidence.has(key)) evidence.set(key, []);
      evidence.get(key).push(`${path.relative(serverDir, file)} -> ${path.relative(serverDir, target)}`);
    }
  }
  const sorted = new Map([...graph.keys()].sort().map((room) => [room, [...graph.get(room)].sort()]));
  const cycles = components(graph).filter((component) => component.length > 1);
  return { rooms: sorted, evidence, cycles };
}

/** Arrows the layering (scripts/server-rooms.mjs) does not allow, as `from -> to`. */
export function arrowsAgainstLayering(serverDir, rooms) {
  const { order, mayImport } = roomOrder(serverDir);
  const byGraphName = new Map(order.map(({ room }) => [graphName(room), room]));
  const against = [];
  for (const [from, targets] of rooms) {
    for (const to of targets) {
      if (!mayImport(byGraphName.get(from), byGraphName.get(to))) against.push(`${from} -> ${to}`);
    }
  }
  return against;
}

/**
 * The rooms by layer, top first, as docs/ARCHITECTURE.md shows them: a room imports only rooms on the lines below
 * it and those before it on its own line (none on the features' line).
 */
export function picture(serverDir) {
  const { order } = roomOrder(serverDir);
  const lines = [];
  for (const layer of [...new Set(order.map((entry) => entry.layer))].reverse()) {
    const rooms = order.filter((entry) => entry.layer === layer);
    const separator = rooms[0]?.sideways === false ? ' | ' : ' < ';
    lines.push(`${layer.padEnd(9)} ${rooms.map((entry) => graphName(entry.room)).join(separator)}`);
  }
  return lines.join('\n');
}

function main() {
  const serverDir = path.resolve(process.argv[2] ?? 'server');
  const { rooms, evidence, cycles } = roomGraph(serverDir);
  console.log(`Room graph of ${path.relative(process.cwd(), serverDir) || '.'} (room -> the rooms it imports)`);
  for (const [room, targets] of rooms) console.log(`  ${room} -> ${targets.join(', ') || '(none)'}`);
  console.log('\nThe layering (scripts/server-rooms.mjs), top first; a room imports rooms below it or left of it on its line:');
  console.log(picture(serverDir).replace(/^/gm, '  '));
  const against = arrowsAgainstLayering(serverDir, rooms);
  if (against.length > 0) {
    console.log(`\nArrows the layering does not allow: ${against.join('; ')}`);
    process.exitCode = 1;
  }
  if (cycles.length === 0) {
    console.log('\nStrongly connected components: each room alone, so no cycle.');
    return;
  }
  console.log(`\nCycles: ${cycles.length} strongly connected component(s) of more than one room.`);
  for (const cycle of cycles) {
    console.log(`  { ${cycle.join(', ')} }, through:`);
    for (const from of cycle) {
      for (const to of rooms.get(from).filter((target) => cycle.includes(target))) {
        const files = evidence.get(`${from} -> ${to}`);
        console.log(`    ${from} -> ${to}: ${files[0]}${files.length > 1 ? ` (+${files.length - 1} more)` : ''}`);
      }
    }
  }
  process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
